package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md rules 17, 18 and 23 where a lane's calls go wrong: a handler that throws a {@link
 * VirtualMachineError}, an executor that refuses while the error handler rethrows. The lane keeps
 * delivering what is behind, and shutdown's count of the lane's calls neither leaks nor waits for
 * calls that will never come.
 */
class LaneFailuresTest {
  private final ExecutorService pool = Executors.newFixedThreadPool(2);

  @AfterEach
  void stopPool() {
    pool.shutdownNow();
  }

  /** One handler overflows on "fatal"; the other records every message. */
  static final class Overflowing {
    final List<String> recorded = new CopyOnWriteArrayList<>();

    @Subscribe(lane = "work")
    void overflow(Event event) {
      if (event.name.equals("fatal")) {
        throw new StackOverflowError("a handler's own recursion");
      }
    }

    @Subscribe(lane = "work")
    void record(Event event) {
      recorded.add(event.name);
    }
  }

  @Test
  void aVirtualMachineErrorInALaneHandlerLeavesTheLaneDeliveringWhatIsBehindIt() {
    MessageBus bus = MessageBus.builder().lane("work", pool).build();
    Overflowing listener = new Overflowing();
    bus.register(listener);

    bus.post(new Event("fatal"));
    bus.post(new Event("after"));
    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(30));

    // the overflowing call is lost, as an asynchronous one would be; nothing else is
    assertEquals(List.of("fatal", "after"), listener.recorded);
    assertEquals(0, report.unfinishedAsync());
  }

  @Test
  void onALaneThatRunsOnThePostingThreadTheErrorReachesThePosterAndTheLaneGoesOn() {
    MessageBus bus = MessageBus.builder().lane("work", Runnable::run).build();
    Overflowing listener = new Overflowing();
    bus.register(listener);

    assertThrows(StackOverflowError.class, () -> bus.post(new Event("fatal")));
    bus.post(new Event("after"));

    assertEquals(List.of("fatal", "after"), listener.recorded);
    assertEquals(0, bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(30)).unfinishedAsync());
  }

  /** Two handlers of one lane: each message is one batch of two calls. */
  static final class TwoOnALane {
    @Subscribe(lane = "work")
    void first(Event event) {}

    @Subscribe(lane = "work")
    void second(Event event) {}
  }

  @Test
  void everyCallARefusingExecutorStrandedIsCountedFinishedThoughTheErrorHandlerRethrows()
      throws Exception {
    CountDownLatch executing = new CountDownLatch(1);
    CountDownLatch refuse = new CountDownLatch(1);
    MessageBus bus =
        TestBuses.rethrowingBuilder()
            .lane(
                "work",
                task -> {
                  executing.countDown();
                  try {
                    refuse.await(30, TimeUnit.SECONDS);
                  } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                  }
                  throw new RejectedExecutionException("full");
                })
            .build();
    bus.register(new TwoOnALane());
    List<Throwable> thrownAtFirstPoster = new CopyOnWriteArrayList<>();
    Thread firstPoster =
        new Thread(
            () -> {
              try {
                bus.post(new Event("one"));
              } catch (RuntimeException rethrown) {
                thrownAtFirstPoster.add(rethrown);
              }
            });
    firstPoster.start();
    assertTrue(executing.await(30, TimeUnit.SECONDS));
    bus.post(new Event("two")); // queued behind "one": the lane's task is with the executor
    refuse.countDown();
    firstPoster.join(TimeUnit.SECONDS.toMillis(30));

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(30));

    assertEquals(1, thrownAtFirstPoster.size(), "the error handler's rethrow reaches the poster");
    assertEquals(0, report.unfinishedAsync(), "all four refused calls are over");
  }

  @Test
  void aRejectingExecutorsRefusalsAreReportedAndTheLaneTakesTheNextMessage() {
    MessageBus bus =
        TestBuses.rethrowingBuilder()
            .lane(
                "work",
                task -> {
                  throw new RejectedExecutionException("full");
                })
            .build();
    bus.register(new TwoOnALane());

    assertThrows(RejectedExecutionException.class, () -> bus.post(new Event("one")));
    assertThrows(RejectedExecutionException.class, () -> bus.post(new Event("two")));
    assertEquals(4, bus.statistics().handlerFailures());
    assertEquals(0, bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(30)).unfinishedAsync());
  }
}
