package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.bridge.Bridge;
import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A durable import posts nothing before {@code start()} returns, acknowledges a message only once
 * its handlers returned, and has JetStream deliver again one whose handler failed, a bounded number
 * of times, then reports it.
 */
@Timeout(60)
class DurableDeliveryTest {
  private static NatsServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = NatsServer.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void nothingIsPostedBeforeTheBridgeIsStartedSoAHandlerCanAskIt() throws Exception {
    String subject = "durable.backlog";
    int count = 500;
    try (Peer sender = new Peer();
        Peer receiver = new Peer()) {
      sender.start(
          sender.bridge(server).origin("match").stream("BACKLOG")
              .exportDurable(Tick.class, subject));
      for (int i = 1; i <= count; i++) {
        sender.bus.post(new Tick(i)); // stored before anyone consumes: all there at once
      }
      BlockingQueue<String> origins = new LinkedBlockingQueue<>();
      CountDownLatch handled = new CountDownLatch(count);
      // docs/nats.md's handler: it asks the bridge, which the program stored before starting it
      Bridge.of(receiver.bus)
          .respond(
              Tick.class,
              (tick, envelope) -> {
                try {
                  origins.add(receiver.bridge.originOf(envelope.from()));
                } finally {
                  handled.countDown();
                }
                return List.of();
              });

      // the second consumer is made while the first one's backlog arrives: a round trip to the
      // server
      receiver.bridge =
          receiver.bridge(server).stream("BACKLOG")
              .importDurable(subject, "backlog")
              .importDurable("durable.other", "other")
              .build();
      receiver.bridge.start();

      assertTrue(
          handled.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS),
          handled.getCount() + " not handled");
      assertTrue(
          receiver.errors.isEmpty(),
          receiver.errors.size()
              + " of "
              + count
              + " failed, the first with "
              + receiver.errors.peek());
      assertEquals(Collections.nCopies(count, "match"), new ArrayList<>(origins));
    }
  }

  @Test
  void aMessageWhoseHandlerFailedIsDeliveredAgainAndNotAcknowledgedBefore() throws Exception {
    String subject = "durable.retried";
    try (Peer sender = new Peer()) {
      sender.start(
          sender.bridge(server).origin("match").stream("RETRIED")
              .exportDurable(Tick.class, subject));
      IllegalStateException once = new IllegalStateException("tick 3 fails the first time");
      try (Peer receiver = new Peer()) {
        List<Integer> failedAlready = new ArrayList<>(); // the importing thread's alone
        receiver.bus.subscribe(
            Tick.class,
            tick -> {
              if (tick.number() == 3 && failedAlready.isEmpty()) {
                failedAlready.add(3);
                throw once;
              }
            });
        BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
        receiver.start(
            receiver.bridge(server).stream("RETRIED")
                .importDurable(subject, "retried")
                .redelivery(3, Duration.ofMillis(50)));
        for (int i = 1; i <= 5; i++) {
          sender.bus.post(new Tick(i));
        }

        List<Integer> received = new ArrayList<>();
        for (int i = 0; i < 6; i++) { // 3 twice: its first delivery reached the recorder too
          received.add(next(ticks).message().number());
        }
        received.sort(null);
        assertEquals(List.of(1, 2, 3, 3, 4, 5), received);
        // the handler's failure, as always, and nothing else: it was not given up on
        assertEquals(List.of(once), new ArrayList<>(receiver.errors));
        assertEquals(0, receiver.bridge.lostCount());
      }
      // every message was acknowledged, once delivered: the consumer, run again, has none of them
      try (Peer again = new Peer()) {
        BlockingQueue<Delivered<Tick>> ticks = again.record(Tick.class);
        again.start(again.bridge(server).stream("RETRIED").importDurable(subject, "retried"));
        sender.bus.post(new Tick(6));
        assertEquals(6, next(ticks).message().number());
        assertTrue(ticks.isEmpty(), ticks.toString());
      }
    }
  }

  @Test
  void aMessageWhoseHandlerAlwaysFailsIsDeliveredTheGivenNumberOfTimesThenReported()
      throws Exception {
    String subject = "durable.poisoned";
    try (Peer sender = new Peer()) {
      sender.start(
          sender.bridge(server).origin("match").stream("POISONED")
              .exportDurable(Tick.class, subject));
      IllegalStateException always = new IllegalStateException("tick 2 always fails");
      try (Peer receiver = new Peer()) {
        receiver.bus.subscribe(
            Tick.class,
            tick -> {
              if (tick.number() == 2) {
                throw always;
              }
            });
        BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
        receiver.start(
            receiver.bridge(server).stream("POISONED")
                .importDurable(subject, "poisoned")
                .redelivery(3, Duration.ofMillis(50)));
        for (int i = 1; i <= 3; i++) {
          sender.bus.post(new Tick(i));
        }

        ImportFailedException gaveUp = receiver.nextError(ImportFailedException.class);
        assertSame(always, gaveUp.getCause());
        assertEquals(subject, gaveUp.subject());
        assertEquals("match", gaveUp.origin());
        assertFalse(gaveUp.willBeRedelivered());
        assertEquals(1, receiver.bridge.lostCount());
        List<Integer> received = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
          received.add(next(ticks).message().number());
        }
        received.sort(null);
        assertEquals(List.of(1, 2, 2, 2, 3), received, "tick 2 delivered 3 times");
      }
      try (Peer again = new Peer()) {
        BlockingQueue<Delivered<Tick>> ticks = again.record(Tick.class);
        again.start(again.bridge(server).stream("POISONED").importDurable(subject, "poisoned"));
        sender.bus.post(new Tick(4));
        assertEquals(
            4, next(ticks).message().number(), "tick 2 was terminated, not left to come back");
        assertTrue(ticks.isEmpty(), ticks.toString());
      }
    }
  }

  @Test
  void anErrorThatEscapesTheBusIsReportedWithEachAttemptAndTheMessageComesAgain() throws Exception {
    String subject = "durable.erring";
    try (Peer sender = new Peer();
        Peer receiver = new Peer()) {
      sender.start(
          sender.bridge(server).origin("match").stream("ERRING")
              .exportDurable(Tick.class, subject));
      OutOfMemoryError once = new OutOfMemoryError("Java heap space (in a handler, once)");
      List<Integer> failedAlready = new ArrayList<>(); // the importing thread's alone
      receiver.bus.subscribe(
          Tick.class,
          tick -> {
            if (failedAlready.isEmpty()) {
              failedAlready.add(tick.number());
              throw once; // a VirtualMachineError: the bus lets it through, so only the bridge can
              // tell
            }
          });
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      receiver.start(
          receiver.bridge(server).stream("ERRING")
              .importDurable(subject, "erring")
              .redelivery(3, Duration.ofMillis(50)));

      sender.bus.post(new Tick(1));

      ImportFailedException failed = receiver.nextError(ImportFailedException.class);
      assertSame(once, failed.getCause());
      assertTrue(failed.willBeRedelivered(), failed.getMessage());
      assertEquals(1, next(ticks).message().number(), "delivered again, to every handler");
      assertEquals(0, receiver.bridge.lostCount());
      assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
    }
  }
}
