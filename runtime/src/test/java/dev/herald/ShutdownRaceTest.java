package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md rule 18, with posts on other threads. A post already under way when {@code
 * shutdown} begins: once {@code shutdown} returned, no asynchronous handler of the bus runs any
 * more, every asynchronous call it accepted is finished or counted, and a post that comes too late
 * is refused with {@link BusClosedException}. A post racing {@code shutdown} is delivered or
 * refused, nothing else.
 */
class ShutdownRaceTest {
  private static final long WAIT_SECONDS = 30;

  /** Holds a post inside its first handler until the test lets it go on to the async one. */
  static final class Gate {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicInteger asyncCalls = new AtomicInteger();

    @Subscribe(priority = 10)
    void hold(Event event) throws InterruptedException {
      entered.countDown();
      release.await(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Subscribe(async = true)
    void later(Event event) {
      asyncCalls.incrementAndGet();
    }
  }

  static final class Counter {
    int calls;

    @Subscribe
    void on(Event event) {
      calls++;
    }
  }

  static final class AsyncCounter {
    final AtomicInteger calls = new AtomicInteger();

    @Subscribe(async = true)
    void on(Event event) {
      calls.incrementAndGet();
    }
  }

  @Test
  void aPostInFlightCannotStartAnAsynchronousCallAfterShutdownReturned() throws Exception {
    ManualExecutor executor = new ManualExecutor();
    List<Throwable> errors = new CopyOnWriteArrayList<>();
    MessageBus bus =
        MessageBus.builder()
            .executor(executor)
            .errorHandler((error, context) -> errors.add(error))
            .build();
    Gate gate = new Gate();
    bus.register(gate);

    Throwable posterFailure =
        postOnAnotherThreadAcrossTheShutdown(
            bus,
            gate,
            report -> {
              assertEquals(0, report.unfinishedAsync());
              assertTrue(report.isComplete());
            });
    executor.runAll();

    assertEquals(0, gate.asyncCalls.get(), "an asynchronous handler ran after shutdown returned");
    assertInstanceOf(BusClosedException.class, posterFailure, "the late post is refused");
    assertTrue(posterFailure.getMessage().contains("closed"), posterFailure.getMessage());
    assertEquals(
        List.of(), errors, "a refused post is the poster's to hear, not the error handler's");
  }

  @Test
  void aPostThatLosesTheRaceToTheBusesOwnExecutorIsRefusedWithHeraldsException() throws Exception {
    MessageBus bus = TestBuses.rethrowing();
    Gate gate = new Gate();
    bus.register(gate);

    Throwable posterFailure = postOnAnotherThreadAcrossTheShutdown(bus, gate, report -> {});

    // it used to fail with the executor's raw RejectedExecutionException
    assertInstanceOf(BusClosedException.class, posterFailure);
    assertEquals(0, gate.asyncCalls.get());
  }

  @Test
  void anAcceptedCallThatHadNotStartedIsCountedAndNeverRuns() {
    ManualExecutor executor = new ManualExecutor();
    MessageBus bus = MessageBus.builder().executor(executor).build();
    AsyncCounter counter = new AsyncCounter();
    bus.register(counter);
    bus.post(new Event("accepted"));
    assertEquals(1, executor.queued());

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ZERO);
    executor.runAll();

    assertEquals(1, report.unfinishedAsync());
    assertEquals(
        0, counter.calls.get(), "a call counted as unfinished ran after shutdown returned");
  }

  /**
   * {@code shutdown} stops a bus accepting in two writes: the flag that sends every plain post past
   * its fast path, then the closed flag that refuses it. A post made on another thread between the
   * two is past the fast path and not yet refused. The test stops the bus after the first write,
   * where such a post finds it, and posts there; then makes the second write and posts again. A
   * racing post is delivered or refused, nothing else.
   */
  @Test
  void aPostBetweenTheTwoStepsOfStoppingADepthFirstBusIsDeliveredThenRefused() {
    MessageBus bus = TestBuses.rethrowing();
    Counter counter = new Counter();
    bus.register(counter);

    bus.router.plainPosts().stopAccepting(); // the first write of Router.stopAccepting
    int ran = bus.post(new Event("between the two writes"));

    assertEquals(1, ran, "the bus had not yet refused: the post is delivered");
    assertEquals(1, counter.calls);
    bus.router.stopAccepting(); // the second write
    assertThrows(BusClosedException.class, () -> bus.post(new Event("after")));
    assertEquals(1, counter.calls);
  }

  /**
   * Posts an event on another thread, shuts the bus down while that post is held in the gate's
   * first handler, checks the report, then lets the post go on; returns what the post threw, or
   * null.
   */
  private static Throwable postOnAnotherThreadAcrossTheShutdown(
      MessageBus bus, Gate gate, java.util.function.Consumer<ShutdownReport> checkReport)
      throws InterruptedException {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread poster =
        new Thread(
            () -> {
              try {
                bus.post(new Event("racing"));
              } catch (Throwable thrown) {
                failure.set(thrown);
              }
            },
            "poster");
    poster.start();
    assertTrue(gate.entered.await(WAIT_SECONDS, TimeUnit.SECONDS));

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(WAIT_SECONDS));
    checkReport.accept(report);
    gate.release.countDown();
    poster.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
    assertFalse(poster.isAlive(), "the post did not finish");
    return failure.get();
  }
}
