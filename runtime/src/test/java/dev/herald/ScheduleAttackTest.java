package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.time.ManualTicker;
import dev.herald.time.Ticker;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Attacks on the delayed-message schedule (Schedule, DueQueue, FrameScheduler). */
class ScheduleAttackTest {
  private final ManualTicker ticker = new ManualTicker();
  private final List<String> log = new ArrayList<>();

  private static Header staged() {
    return Header.builder().stage(Stage.UPDATE).build();
  }

  private static Header after(long nanos) {
    return Header.builder().stage(Stage.UPDATE).delay(Duration.ofNanos(nanos)).build();
  }

  /**
   * A shutdown that DISCARDs, called by the handler of the first of three due messages, takes the
   * two the run had taken but not begun: neither is delivered, and the report accounts for both
   * ("every queued message is accounted for").
   */
  @Test
  void aDiscardingShutdownFromInsideAStageRunAccountsForEveryQueuedMessage() {
    MessageBus bus = MessageBus.builder().ticker(ticker).build();
    List<ShutdownReport> reports = new ArrayList<>();
    bus.subscribe(
        Event.class,
        event -> {
          log.add(event.name);
          if (event.name.equals("a")) {
            reports.add(bus.shutdown(QueuedMessages.DISCARD, Duration.ofSeconds(5)));
          }
        });
    bus.post(new Event("a"), staged());
    bus.post(new Event("b"), staged());
    bus.post(new Event("c"), staged());

    try {
      bus.runStage(Stage.UPDATE);
    } catch (RuntimeException ignored) {
      // whatever the run does once its bus is closed
    }

    assertEquals(List.of("a"), log, "nothing is delivered after a discarding shutdown");
    ShutdownReport report = reports.get(0);
    assertEquals(
        3,
        report.delivered() + report.discarded() + report.failed() + 1,
        "a was being delivered; b and c must be in the report: " + report);
  }

  /** Same with DELIVER: each of b and c delivered exactly once and accounted for. */
  @Test
  void aDeliveringShutdownFromInsideAStageRunDeliversTheRestOnceAndCountsThem() {
    MessageBus bus = MessageBus.builder().ticker(ticker).build();
    List<ShutdownReport> reports = new ArrayList<>();
    bus.subscribe(
        Event.class,
        event -> {
          log.add(event.name);
          if (event.name.equals("a")) {
            reports.add(bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5)));
          }
        });
    bus.post(new Event("a"), staged());
    bus.post(new Event("b"), staged());
    bus.post(new Event("c"), staged());

    try {
      bus.runStage(Stage.UPDATE);
    } catch (RuntimeException ignored) {
      // whatever the run does once its bus is closed
    }

    assertEquals(List.of("a", "b", "c"), log);
    assertEquals(2, reports.get(0).delivered(), "b and c accounted for: " + reports.get(0));
  }

  @Test
  void equalDueTimesGoBySendOrderAcrossRingAndHeap() {
    MessageBus bus = MessageBus.builder().ticker(ticker).build();
    bus.subscribe(Event.class, event -> log.add(event.name));
    bus.post(new Event("late1"), after(100));
    bus.post(new Event("early1"), after(50)); // to the heap
    bus.post(new Event("late2"), after(100)); // equal to the ring's last: ring
    bus.post(new Event("early2"), after(50)); // heap, equal to early1
    bus.post(new Event("mid"), after(75));
    ticker.advanceNanos(100);

    assertEquals(5, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("early1", "early2", "mid", "late1", "late2"), log);
  }

  /** A ticker that starts just below Long.MAX_VALUE and wraps, as System.nanoTime may. */
  static final class WrappingTicker implements Ticker {
    volatile long now = Long.MAX_VALUE - 100;

    @Override
    public long nanoTime() {
      return now;
    }
  }

  @Test
  void dueTimesAcrossTheWrapOfTheTickerKeepTheirOrder() {
    WrappingTicker wrapping = new WrappingTicker();
    MessageBus bus = MessageBus.builder().ticker(wrapping).build();
    bus.subscribe(Event.class, event -> log.add(event.name));
    bus.post(new Event("after-wrap"), after(300)); // due past the wrap
    bus.post(new Event("before-wrap"), after(50));
    wrapping.now += 60;
    assertEquals(1, bus.runStage(Stage.UPDATE));
    wrapping.now += 300; // wraps
    assertTrue(wrapping.now < 0);
    bus.post(new Event("now"), after(0));
    assertEquals(2, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("before-wrap", "after-wrap", "now"), log);
  }

  @Test
  void theLongestFrameDelayWaitsAndDoesNotHoldBackOthers() {
    MessageBus bus = MessageBus.builder().ticker(ticker).build();
    bus.subscribe(Event.class, event -> log.add(event.name));
    bus.endFrame();
    bus.post(
        new Event("never"),
        Header.builder().stage(Stage.UPDATE).delayFrames(Long.MAX_VALUE).build());
    bus.post(new Event("next"), Header.builder().stage(Stage.UPDATE).delayFrames(1).build());
    bus.endFrame();
    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("next"), log);
    assertEquals(1, bus.pendingCount());
  }

  /** Two threads run stages while three others post: each message delivered exactly once. */
  @Test
  void concurrentRunsAndPostsLoseAndDoubleNothing() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          MessageBus bus = MessageBus.builder().ticker(ticker).build();
          ConcurrentHashMap<String, AtomicInteger> seen = new ConcurrentHashMap<>();
          bus.subscribe(
              Event.class,
              event ->
                  seen.computeIfAbsent(event.name, k -> new AtomicInteger()).incrementAndGet());
          List<Throwable> failures = new CopyOnWriteArrayList<>();
          int posters = 3;
          int each = 20_000;
          CountDownLatch postersDone = new CountDownLatch(posters);
          List<Thread> threads = new ArrayList<>();
          for (int p = 0; p < posters; p++) {
            int poster = p;
            threads.add(
                new Thread(
                    () -> {
                      try {
                        for (int i = 0; i < each; i++) {
                          Header header = i % 3 == 0 ? after(i % 7) : staged();
                          bus.post(new Event(poster + ":" + i), header);
                        }
                      } catch (Throwable t) {
                        failures.add(t);
                      } finally {
                        postersDone.countDown();
                      }
                    }));
          }
          for (int r = 0; r < 2; r++) {
            threads.add(
                new Thread(
                    () -> {
                      try {
                        while (postersDone.getCount() > 0) {
                          bus.runStage(Stage.UPDATE);
                        }
                      } catch (Throwable t) {
                        failures.add(t);
                      }
                    }));
          }
          threads.forEach(Thread::start);
          for (Thread t : threads) {
            t.join();
          }
          ticker.advanceNanos(10);
          bus.runStage(Stage.UPDATE);
          assertEquals(List.of(), failures);
          assertEquals(posters * each, seen.size());
          for (var entry : seen.entrySet()) {
            assertEquals(1, entry.getValue().get(), entry.getKey());
          }
          assertEquals(0, bus.pendingCount());
        });
  }

  /** An error handler that throws mid-run, then later runs reuse entries: nothing is mixed up. */
  @Test
  void entriesRestoredAfterAFailureAreDeliveredOnceWithTheirOwnMessages() {
    MessageBus bus = TestBuses.rethrowingBuilder().ticker(ticker).build();
    bus.subscribe(
        Event.class,
        event -> {
          log.add(event.name);
          if (event.name.startsWith("x")) {
            throw new IllegalStateException(event.name);
          }
        });
    for (int round = 0; round < 3; round++) {
      bus.post(new Event("a" + round), staged());
      bus.post(new Event("x" + round), staged());
      bus.post(new Event("b" + round), staged());
      try {
        bus.runStage(Stage.UPDATE);
      } catch (IllegalStateException expected) {
        // the rest keep their turn
      }
      bus.post(new Event("c" + round), staged());
      assertEquals(2, bus.runStage(Stage.UPDATE));
    }
    assertEquals(
        List.of("a0", "x0", "b0", "c0", "a1", "x1", "b1", "c1", "a2", "x2", "b2", "c2"), log);
  }

  /** A nested run from a handler, then reuse: every message once, none kept. */
  @Test
  void aNestedRunFromAHandlerThenReuseKeepsEveryMessageOnce() {
    MessageBus bus = MessageBus.builder().ticker(ticker).build();
    bus.subscribe(
        Event.class,
        event -> {
          log.add(event.name);
          if (event.name.equals("outer")) {
            bus.post(new Event("inner"), staged());
            bus.runStage(Stage.UPDATE);
          }
        });
    bus.post(new Event("outer"), staged());
    bus.post(new Event("second"), staged());
    bus.runStage(Stage.UPDATE);
    bus.post(new Event("third"), staged());
    bus.runStage(Stage.UPDATE);
    assertEquals(List.of("outer", "inner", "second", "third"), log);
  }

  @Test
  void aDeliveredMessageIsNotRetainedAfterAFailedRun() {
    GarbageCollection.assumeExplicitGcWorks();
    MessageBus bus = TestBuses.rethrowingBuilder().ticker(ticker).build();
    bus.subscribe(
        Event.class,
        event -> {
          if (event.name.equals("x")) {
            throw new IllegalStateException("x");
          }
        });
    Event kept = new Event("kept");
    WeakReference<Event> ref = new WeakReference<>(kept);
    bus.post(kept, staged());
    bus.post(new Event("x"), staged());
    kept = null;
    try {
      bus.runStage(Stage.UPDATE);
    } catch (IllegalStateException expected) {
      // fine
    }
    assertTrue(GarbageCollection.collectUntil(() -> ref.get() == null));
    assertNull(ref.get());
  }

  /**
   * After a burst of 100k delayed messages, the memory the schedule keeps is bounded by the spare
   * entries, not by the burst: a ring that grew past {@link DueQueue#LARGEST_KEPT} is let go once
   * empty.
   */
  @Test
  void aBurstLongPastLeavesNoBurstSizedArrays() {
    Schedule schedule = new Schedule();
    Header header = staged();
    for (int i = 0; i < 100_000; i++) {
      schedule.add(new Object(), header, null, 0, 0);
    }
    StageRun burst = schedule.takeDue(Stage.UPDATE, 0, 0);
    assertEquals(100_000, burst.due.size());
    drainAndFinish(schedule, burst);
    for (int frame = 1; frame < 100; frame++) {
      schedule.add(new Object(), header, null, 0, frame);
      drainAndFinish(schedule, schedule.takeDue(Stage.UPDATE, frame, 0));
    }
    assertTrue(
        schedule.largestCapacity() <= DueQueue.LARGEST_KEPT,
        "ring slots kept: " + schedule.largestCapacity());
  }

  private static void drainAndFinish(Schedule schedule, StageRun run) {
    while (run.claim() != null) {
      // delivered
    }
    schedule.finished(run);
  }
}
