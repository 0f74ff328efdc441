package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Ping;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Attacks on StageRun claims racing Schedule.takeAll (shutdown). */
class StageRunShutdownAttackTest {
  private static final Header STAGED = Header.builder().stage(Stage.UPDATE).build();

  /** A run blocked in its first handler; another thread shuts down. */
  @Test
  void shutdownFromAnotherThreadDuringABlockedRun() {
    for (QueuedMessages mode : QueuedMessages.values()) {
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            MessageBus bus = MessageBus.create();
            int n = 10;
            AtomicIntegerArray seen = new AtomicIntegerArray(n);
            CountDownLatch inFirst = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicBoolean shutdownReturned = new AtomicBoolean();
            AtomicInteger afterDiscard = new AtomicInteger();
            bus.subscribe(
                Ping.class,
                p -> {
                  seen.incrementAndGet(p.number);
                  if (mode == QueuedMessages.DISCARD && shutdownReturned.get()) {
                    afterDiscard.incrementAndGet();
                  }
                  if (p.number == 0) {
                    inFirst.countDown();
                    try {
                      release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                      throw new IllegalStateException(e);
                    }
                  }
                });
            for (int i = 0; i < n; i++) {
              bus.post(new Ping(i), STAGED);
            }
            AtomicInteger ran = new AtomicInteger(-1);
            AtomicReference<Throwable> runFailure = new AtomicReference<>();
            Thread runner =
                new Thread(
                    () -> {
                      try {
                        ran.set(bus.runStage(Stage.UPDATE));
                      } catch (Throwable t) {
                        runFailure.set(t);
                      }
                    });
            runner.start();
            assertTrue(inFirst.await(10, TimeUnit.SECONDS));
            ShutdownReport report = bus.shutdown(mode, Duration.ofSeconds(5));
            shutdownReturned.set(true);
            release.countDown();
            runner.join(10_000);
            assertEquals(null, runFailure.get());
            assertEquals(1, ran.get(), mode + ": the run delivered only what it claimed");
            assertEquals(
                n,
                ran.get() + report.delivered() + report.discarded() + report.failed(),
                mode + ": " + report);
            for (int i = 0; i < n; i++) {
              assertEquals(
                  mode == QueuedMessages.DISCARD && i > 0 ? 0 : 1, seen.get(i), mode + " #" + i);
            }
            assertEquals(0, afterDiscard.get());
          });
    }
  }

  /** Two runs racing a shutdown from a third thread: exactly once, and the counts add up. */
  @Test
  void twoRunsRacingAShutdownAccountForEveryMessageOnce() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (int round = 0; round < 300; round++) {
            QueuedMessages mode = round % 2 == 0 ? QueuedMessages.DISCARD : QueuedMessages.DELIVER;
            MessageBus bus = MessageBus.create();
            int n = 200;
            AtomicIntegerArray seen = new AtomicIntegerArray(n);
            bus.subscribe(Ping.class, p -> seen.incrementAndGet(p.number));
            for (int i = 0; i < n; i++) {
              bus.post(
                  new Ping(i),
                  i % 3 == 0
                      ? Header.builder().stage(Stage.UPDATE).delayFrames(0).build()
                      : STAGED);
            }
            CyclicBarrier start = new CyclicBarrier(3);
            AtomicInteger runDelivered = new AtomicInteger();
            List<Throwable> unexpected = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
              Thread thread =
                  new Thread(
                      () -> {
                        try {
                          start.await(5, TimeUnit.SECONDS);
                          runDelivered.addAndGet(bus.runStage(Stage.UPDATE));
                        } catch (BusClosedException closed) {
                          // started after the shutdown: documented
                        } catch (Throwable e) {
                          unexpected.add(e);
                        }
                      });
              thread.start();
              threads.add(thread);
            }
            start.await(5, TimeUnit.SECONDS);
            ShutdownReport report = bus.shutdown(mode, Duration.ofSeconds(5));
            for (Thread thread : threads) {
              thread.join(10_000);
            }
            assertEquals(List.of(), unexpected);
            int handled = 0;
            for (int i = 0; i < n; i++) {
              assertTrue(seen.get(i) <= 1, "message " + i + " delivered " + seen.get(i) + " times");
              handled += seen.get(i);
            }
            assertEquals(
                n,
                runDelivered.get() + report.delivered() + report.discarded() + report.failed(),
                "round " + round + " " + mode + " " + report + " runs=" + runDelivered);
            assertEquals(
                n, handled + report.discarded(), "round " + round + " " + mode + " " + report);
          }
        });
  }

  /**
   * A rethrowing error handler fails a run while another thread shuts down: the run takes back its
   * rest and puts it back in one step, so the shutdown gets it from the run or from the queues, and
   * every message is in the report or reached a handler.
   */
  @Test
  void aFailingRunRacingAShutdownLosesNoMessage() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          List<String> lost = new ArrayList<>();
          for (int round = 0; round < 1000; round++) {
            QueuedMessages mode = round % 2 == 0 ? QueuedMessages.DISCARD : QueuedMessages.DELIVER;
            MessageBus bus = TestBuses.rethrowing();
            int n = 100;
            AtomicIntegerArray seen = new AtomicIntegerArray(n);
            bus.subscribe(
                Ping.class,
                p -> {
                  seen.incrementAndGet(p.number);
                  if (p.number % 7 == 3) {
                    throw new IllegalStateException("fails " + p.number);
                  }
                });
            for (int i = 0; i < n; i++) {
              bus.post(new Ping(i), STAGED);
            }
            CyclicBarrier start = new CyclicBarrier(2);
            AtomicInteger runFailures = new AtomicInteger();
            AtomicInteger runDelivered = new AtomicInteger();
            List<Throwable> unexpected = new java.util.concurrent.CopyOnWriteArrayList<>();
            Thread runner =
                new Thread(
                    () -> {
                      try {
                        start.await(5, TimeUnit.SECONDS);
                        while (true) {
                          try {
                            runDelivered.addAndGet(bus.runStage(Stage.UPDATE));
                            if (bus.pendingCount() == 0) {
                              return;
                            }
                          } catch (BusClosedException closed) {
                            return; // documented; a subclass of IllegalStateException
                          } catch (IllegalStateException failed) {
                            runFailures.incrementAndGet();
                          }
                        }
                      } catch (BusClosedException closed) {
                        // documented
                      } catch (Throwable e) {
                        unexpected.add(e);
                      }
                    });
            runner.start();
            start.await(5, TimeUnit.SECONDS);
            ShutdownReport report;
            try {
              report = bus.shutdown(mode, Duration.ofSeconds(5));
            } catch (IllegalStateException failedDuringShutdown) {
              report = bus.shutdown(mode, Duration.ofSeconds(5));
            }
            runner.join(5_000);
            if (runner.isAlive()) {
              StringBuilder dump = new StringBuilder();
              for (StackTraceElement e : runner.getStackTrace()) {
                dump.append("\n  at ").append(e);
              }
              runner.interrupt();
              throw new AssertionError(
                  "round "
                      + round
                      + " "
                      + mode
                      + ": the run thread did not end after the shutdown; pending="
                      + bus.pendingCount()
                      + " closed="
                      + bus.isClosed()
                      + dump);
            }
            assertEquals(List.of(), unexpected);
            int handled = 0;
            for (int i = 0; i < n; i++) {
              assertTrue(seen.get(i) <= 1, "message " + i + " delivered " + seen.get(i) + " times");
              handled += seen.get(i);
            }
            if (handled + report.discarded() != n) {
              lost.add("round " + round + " " + mode + " " + report + " handled=" + handled);
            }
          }
          assertEquals(
              List.of(),
              lost,
              lost.size()
                  + " of 1000 rounds lost messages: a run's rest, taken after its failure,"
                  + " was restored into a schedule the shutdown had closed");
        });
  }

  /** A handler runs a nested stage run, then shuts down; the outer run claims nothing after. */
  @Test
  void nestedRunThenShutdownFromAHandler() {
    for (QueuedMessages mode : QueuedMessages.values()) {
      MessageBus bus = MessageBus.create();
      List<String> log = new ArrayList<>();
      List<ShutdownReport> reports = new ArrayList<>();
      List<Integer> nested = new ArrayList<>();
      bus.subscribe(
          Ping.class,
          p -> {
            log.add("p" + p.number);
            if (p.number == 0) {
              bus.post(new Ping(100), STAGED);
              bus.post(new Ping(101), STAGED);
              nested.add(bus.runStage(Stage.UPDATE));
              bus.post(new Ping(102), STAGED);
              reports.add(bus.shutdown(mode, Duration.ofSeconds(5)));
            }
          });
      for (int i = 0; i < 4; i++) {
        bus.post(new Ping(i), STAGED);
      }
      int outer = bus.runStage(Stage.UPDATE);
      ShutdownReport report = reports.get(0);
      assertEquals(List.of(2), nested, mode.toString());
      assertEquals(1, outer, mode + ": the outer run claimed only p0");
      // 4 + 3 queued: p0 by the outer run, p100/p101 by the nested, p1..p3 and p102 by shutdown
      assertEquals(4, report.delivered() + report.discarded(), mode + " " + report);
      if (mode == QueuedMessages.DELIVER) {
        assertEquals(List.of("p0", "p100", "p101", "p1", "p2", "p3", "p102"), log);
      } else {
        assertEquals(List.of("p0", "p100", "p101"), log);
      }
    }
  }

  /** A rethrowing error handler ends a run; the rest is restored and a shutdown delivers it. */
  @Test
  void rethrowingRunThenShutdownDeliversTheRestOnce() {
    MessageBus bus = TestBuses.rethrowing();
    List<Integer> log = new ArrayList<>();
    bus.subscribe(
        Ping.class,
        p -> {
          log.add(p.number);
          if (p.number == 1) {
            throw new IllegalStateException("one");
          }
        });
    for (int i = 0; i < 5; i++) {
      bus.post(new Ping(i), STAGED);
    }
    try {
      bus.runStage(Stage.UPDATE);
    } catch (IllegalStateException expected) {
      // the rethrowing handler
    }
    assertEquals(3, bus.pendingCount());
    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5));
    assertEquals(3, report.delivered(), report.toString());
    assertEquals(List.of(0, 1, 2, 3, 4), log);
  }

  /**
   * Entries restored after a failure and entries reused from spares: a message sent after a failed
   * run must not share an entry with one still queued.
   */
  @Test
  void restoredAndReusedEntriesKeepTheirMessages() {
    MessageBus bus = TestBuses.rethrowing();
    List<Integer> log = new ArrayList<>();
    bus.subscribe(
        Ping.class,
        p -> {
          log.add(p.number);
          if (p.number % 10 == 5) {
            throw new IllegalStateException("fails");
          }
        });
    int next = 0;
    List<Integer> expected = new ArrayList<>();
    for (int frame = 0; frame < 50; frame++) {
      for (int i = 0; i < 7; i++) {
        expected.add(next);
        bus.post(new Ping(next++), Header.builder().stage(Stage.UPDATE).delayFrames(i % 3).build());
      }
      bus.endFrame();
      for (int attempt = 0; attempt < 10; attempt++) {
        try {
          bus.runStage(Stage.UPDATE);
          break;
        } catch (IllegalStateException failed) {
          // the rest were restored: run again
        }
      }
    }
    for (int i = 0; i < 5; i++) {
      bus.endFrame();
      try {
        bus.runStage(Stage.UPDATE);
      } catch (IllegalStateException failed) {
        i--;
      }
    }
    assertEquals(0, bus.pendingCount());
    List<Integer> sorted = new ArrayList<>(log);
    java.util.Collections.sort(sorted);
    assertEquals(expected, sorted, "each message delivered exactly once");
  }
}
