package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import dev.herald.time.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rule 18, closing a bus: nothing accepted after, nothing lost silently. */
class ShutdownTest {
  private static final Header LATER = Header.builder().stage(Stage.UPDATE).delayFrames(5).build();

  private final List<String> log = new ArrayList<>();

  static final class Blocking {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Subscribe(async = true)
    void on(Event event) throws InterruptedException {
      entered.countDown();
      release.await(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void closeDeliversWhatIsQueuedInStageOrder() {
    MessageBus bus = MessageBus.create();
    bus.register(new EventRecorder(log));
    bus.post(new Event("late update"), Header.builder().stage(Stage.LATE_UPDATE).build());
    bus.post(new Event("update, later"), LATER);
    bus.post(new Event("update"), Header.builder().stage(Stage.UPDATE).build());

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5));

    assertEquals(List.of("update", "update, later", "late update"), log);
    assertEquals(3, report.delivered());
    assertEquals(0, report.undelivered());
    assertTrue(report.isComplete());
    assertEquals(0, bus.pendingCount());
  }

  /** Records events, and fails an assertion on the one named "bad". */
  static final class Asserting {
    final List<String> log = new ArrayList<>();

    @Subscribe
    void on(Event event) {
      if (event.name.equals("bad")) {
        throw new AssertionError("bad event");
      }
      log.add(event.name);
    }
  }

  @Test
  void anErrorFromAQueuedMessageIsCountedTheRestDeliveredAndThrownAfterTheReport() {
    MessageBus bus = TestBuses.rethrowing();
    Asserting handler = new Asserting();
    bus.register(handler);
    bus.post(new Event("a"), LATER);
    bus.post(new Event("bad"), LATER);
    bus.post(new Event("c"), LATER);

    AssertionError thrown =
        assertThrows(
            AssertionError.class,
            () -> bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5)));

    assertEquals("bad event", thrown.getMessage());
    assertEquals(List.of("a", "c"), handler.log, "what follows the failing message is delivered");
    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5));
    assertEquals(2, report.delivered());
    assertEquals(1, report.failed());
    assertEquals(0, report.discarded());
    assertEquals(1, report.undelivered());
    assertTrue(bus.isClosed());
  }

  @Test
  void shutdownCanDiscardWhatIsQueuedAndCountsIt() {
    MessageBus bus = MessageBus.create();
    bus.register(new EventRecorder(log));
    bus.post(new Event("a"), LATER);
    bus.post(new Event("b"), LATER);

    ShutdownReport report = bus.shutdown(QueuedMessages.DISCARD, Duration.ofSeconds(5));

    assertTrue(log.isEmpty());
    assertEquals(2, report.discarded());
    assertEquals(2, report.undelivered());
  }

  @Test
  void shutdownWaitsForAsyncHandlersAndReportsThoseStillRunning() throws InterruptedException {
    MessageBus bus = MessageBus.create();
    Blocking blocking = new Blocking();
    bus.register(blocking);
    bus.post(new Event("slow"));
    assertTrue(blocking.entered.await(30, TimeUnit.SECONDS));

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofMillis(50));
    blocking.release.countDown();

    assertEquals(1, report.unfinishedAsync());
    assertEquals(1, report.undelivered());
  }

  @Test
  void shutdownWaitsForAsyncHandlersThatFinish() {
    MessageBus bus = MessageBus.create();
    Blocking blocking = new Blocking();
    bus.register(blocking);
    bus.post(new Event("slow"));
    blocking.release.countDown();

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(30));

    assertEquals(0, report.unfinishedAsync());
  }

  @Test
  void aPostAfterCloseThrows() {
    MessageBus bus = MessageBus.create();
    Registration registration = bus.register(new EventRecorder(log));

    bus.close();

    assertTrue(bus.isClosed());
    IllegalStateException error =
        assertThrows(IllegalStateException.class, () -> bus.post(new Event("e")));
    assertTrue(error.getMessage().contains("closed"), error.getMessage());
    assertThrows(IllegalStateException.class, () -> bus.post(new Event("e"), LATER));
    assertThrows(IllegalStateException.class, () -> registration.send(new Event("e")));
    assertThrows(IllegalStateException.class, () -> bus.runStage(Stage.UPDATE));
    assertTrue(log.isEmpty());
  }

  @Test
  void aHandlerThatPostsWhileTheQueueDrainsIsReportedNotLost() {
    List<Throwable> errors = new ArrayList<>();
    MessageBus bus =
        MessageBus.builder().errorHandler((error, context) -> errors.add(error)).build();
    bus.subscribe(Event.class, event -> bus.post(new Event("follow-up of " + event.name)));
    bus.post(new Event("queued"), LATER);

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5));

    assertEquals(1, report.delivered());
    assertEquals(1, errors.size());
    assertTrue(errors.get(0) instanceof IllegalStateException);
  }

  @Test
  void shuttingDownTwiceReturnsTheFirstReport() {
    MessageBus bus = MessageBus.create();
    bus.post(new Event("a"), LATER);

    ShutdownReport first = bus.shutdown(QueuedMessages.DISCARD, Duration.ofSeconds(1));
    ShutdownReport second = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(1));

    assertSame(first, second);
  }

  // ---- found in review ------------------------------------------------------------------

  @Test
  void aStagedSendThatRacesTheShutdownIsRefusedNotStranded() throws Exception {
    CountDownLatch senderInside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    // the sender reads the clock after it checked that the bus accepts messages, and before
    // it queues: hold it there while the bus shuts down
    Ticker ticker =
        () -> {
          if (Thread.currentThread().getName().equals("sender")) {
            senderInside.countDown();
            awaitUninterruptibly(release);
          }
          return 0L;
        };
    MessageBus bus = MessageBus.builder().ticker(ticker).build();
    AtomicReference<Throwable> senderFailure = new AtomicReference<>();
    Thread sender =
        new Thread(
            () -> {
              try {
                bus.post(new Event("late"), LATER);
              } catch (Throwable failure) {
                senderFailure.set(failure);
              }
            },
            "sender");
    sender.start();
    assertTrue(senderInside.await(30, TimeUnit.SECONDS));

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(1));
    release.countDown();
    sender.join();

    assertTrue(
        senderFailure.get() instanceof IllegalStateException, String.valueOf(senderFailure.get()));
    assertEquals(0, bus.pendingCount());
    assertTrue(report.isComplete());
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static final class SelfCloser {
    final MessageBus bus;
    final AtomicReference<ShutdownReport> report = new AtomicReference<>();
    final CountDownLatch done = new CountDownLatch(1);

    SelfCloser(MessageBus bus) {
      this.bus = bus;
    }

    @Subscribe(async = true)
    void on(Event event) {
      report.set(bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(30)));
      done.countDown();
    }
  }

  @Test
  void anAsyncHandlerThatClosesTheBusDoesNotWaitForItself() throws InterruptedException {
    MessageBus bus = MessageBus.create();
    SelfCloser closer = new SelfCloser(bus);
    bus.register(closer);

    bus.post(new Event("game over"));

    assertTrue(closer.done.await(60, TimeUnit.SECONDS));
    assertEquals(0, closer.report.get().unfinishedAsync());
    assertTrue(bus.isClosed());
  }

  @Test
  void aTimeoutOfForeverWorksAndANegativeOneIsRejected() {
    MessageBus bus = MessageBus.create();
    bus.register(new EventRecorder(log));
    bus.post(new Event("queued"), LATER);

    assertThrows(
        IllegalArgumentException.class,
        () -> bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(-1)));
    ShutdownReport report =
        bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(Long.MAX_VALUE));

    assertEquals(1, report.delivered());
    assertEquals(List.of("queued"), log);
  }

  @Test
  void aQueuedMessageNobodyReceivesAtShutdownIsStillDeadLettered() {
    MessageBus bus = MessageBus.create();
    List<Object> dead = new ArrayList<>();
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));
    Event nobody = new Event("nobody");
    bus.post(nobody, LATER);

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5));

    assertEquals(1, report.delivered());
    assertEquals(0, report.discarded());
    assertEquals(List.of(nobody), dead);
  }

  @Test
  void closingFromAHandlerDuringTheShutdownIsReportedNotNested() {
    List<Throwable> errors = new ArrayList<>();
    MessageBus bus =
        MessageBus.builder().errorHandler((error, context) -> errors.add(error)).build();
    bus.subscribe(Event.class, event -> bus.close());
    bus.post(new Event("queued"), LATER);

    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5));

    assertEquals(1, report.delivered());
    assertEquals(1, errors.size());
    assertTrue(errors.get(0).getMessage().contains("already closing"), errors.get(0).getMessage());
    assertSame(report, bus.shutdown(QueuedMessages.DISCARD, Duration.ZERO));
  }
}
