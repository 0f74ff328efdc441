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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md rules 18 and 23: shutdown waits for the calls queued on lanes as for asynchronous
 * ones, counts those it could not wait for, and none of them starts after it returns.
 */
class LaneShutdownTest {
  private final ExecutorService laneThread = Executors.newSingleThreadExecutor();

  @AfterEach
  void stopLaneThread() {
    laneThread.shutdownNow();
  }

  static final class GatedLane {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final List<String> seen = new CopyOnWriteArrayList<>();

    @Subscribe(lane = "work")
    void on(Event event) throws InterruptedException {
      entered.countDown();
      release.await(30, TimeUnit.SECONDS);
      seen.add(event.toString());
    }
  }

  @Test
  void shutdownWaitsForWhatIsQueuedOnALane() throws Exception {
    MessageBus bus = MessageBus.builder().lane("work", laneThread).build();
    GatedLane lane = new GatedLane();
    bus.register(lane);
    for (int i = 0; i < 3; i++) {
      bus.post(new Event("e" + i));
    }
    assertTrue(lane.entered.await(30, TimeUnit.SECONDS));

    AtomicReference<ShutdownReport> report = new AtomicReference<>();
    AtomicReference<List<String>> seenWhenItReturned = new AtomicReference<>();
    Thread closing =
        new Thread(
            () -> {
              report.set(bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(30)));
              seenWhenItReturned.set(List.copyOf(lane.seen));
            });
    closing.start();
    while (!bus.isClosed()) {
      Thread.onSpinWait();
    }
    lane.release.countDown();
    closing.join(TimeUnit.SECONDS.toMillis(60));

    assertEquals(List.of("e0", "e1", "e2"), seenWhenItReturned.get());
    assertEquals(0, report.get().unfinishedAsync());
  }

  @Test
  void callsALaneCouldNotRunInTimeAreCountedAndNeverRun() throws Exception {
    MessageBus bus = MessageBus.builder().lane("work", laneThread).build();
    GatedLane lane = new GatedLane();
    bus.register(lane);
    for (int i = 0; i < 3; i++) {
      bus.post(new Event("e" + i));
    }
    assertTrue(lane.entered.await(30, TimeUnit.SECONDS));

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofMillis(50));
    lane.release.countDown();
    laneThread.shutdown();
    assertTrue(laneThread.awaitTermination(30, TimeUnit.SECONDS));

    // one running when the wait ended, two queued that never start
    assertEquals(3, report.unfinishedAsync());
    assertEquals(List.of("e0"), lane.seen);
  }

  @Test
  void aLanesQueueIsNotCountedAsAsynchronousCallsInTheStatistics() throws Exception {
    MessageBus bus = MessageBus.builder().lane("work", laneThread).build();
    GatedLane lane = new GatedLane();
    bus.register(lane);
    bus.post(new Event("first"));
    bus.post(new Event("second"));
    assertTrue(lane.entered.await(30, TimeUnit.SECONDS));

    assertEquals(0, bus.statistics().asyncQueueDepth());
    assertEquals(1, bus.statistics().laneQueueDepth());
    lane.release.countDown();
    bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(30));
  }

  /** Shuts the bus down from its lane when told to quit, as a UI's "quit" handler does. */
  static final class Quitter {
    final List<String> seen = new CopyOnWriteArrayList<>();
    final AtomicReference<ShutdownReport> report = new AtomicReference<>();
    final CountDownLatch shutDown = new CountDownLatch(1);
    MessageBus bus;

    @Subscribe(lane = "work")
    void on(Event event) {
      seen.add(event.toString());
      if (event.toString().equals("quit")) {
        report.set(bus.shutdown(QueuedMessages.DELIVER, Duration.ofHours(1)));
        shutDown.countDown();
      }
    }
  }

  @Test
  void aLaneHandlerThatShutsTheBusDownDoesNotWaitForTheCallsOnlyItsOwnLaneCouldRun()
      throws Exception {
    MessageBus bus = MessageBus.builder().lane("work", laneThread).build();
    Quitter quitter = new Quitter();
    quitter.bus = bus;
    bus.register(quitter);
    CountDownLatch laneBusy = new CountDownLatch(1);
    laneThread.execute(
        () -> {
          try {
            laneBusy.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
          }
        });
    bus.post(new Event("quit"));
    bus.post(new Event("after")); // queued behind "quit", on the thread that will be shutting down
    laneBusy.countDown();

    assertTrue(
        quitter.shutDown.await(60, TimeUnit.SECONDS),
        "shutdown waits for a call that only the thread running it could run");
    assertEquals(1, quitter.report.get().unfinishedAsync());
    assertEquals(List.of("quit"), quitter.seen);
  }

  @Test
  void aPostToALaneAfterShutdownIsRefused() {
    MessageBus bus = MessageBus.builder().lane("work", laneThread).build();
    bus.register(new GatedLane());
    bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(1));

    assertThrows(BusClosedException.class, () -> bus.post(new Event("late")));
  }
}
