package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.api.ConsumerInfo;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a durable import tells JetStream of messages it does not deliver: an echo of its own export
 * and a message from an invalid origin are settled (nothing is left for JetStream to deliver
 * again), and what arrived before a bridge that never started was closed is left unacknowledged,
 * for the consumer's next run.
 */
@Timeout(60)
class DurableSettlingTest {
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

  /** Polls the consumer's state on the server until {@code done} holds, within the patience. */
  private static ConsumerInfo awaitConsumer(
      String stream, String consumer, Predicate<ConsumerInfo> done) throws Exception {
    try (Connection raw = Nats.connect(server.url())) {
      JetStreamManagement management = raw.jetStreamManagement();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Peer.PATIENCE_SECONDS);
      ConsumerInfo info = management.getConsumerInfo(stream, consumer);
      while (!done.test(info) && System.nanoTime() < deadline) {
        Thread.onSpinWait(); // a server's state, no event to wait for: polled until a deadline
        info = management.getConsumerInfo(stream, consumer);
      }
      return info;
    }
  }

  @Test
  void anEchoOfItsOwnExportIsSettledNotDelivered() throws Exception {
    try (Peer both = new Peer()) {
      BlockingQueue<Delivered<Tick>> ticks = both.record(Tick.class);
      both.start(
          both.bridge(server).origin("self").stream("ECHOED")
              .exportDurable(Tick.class, "echoed.ticks")
              .importDurable("echoed.ticks", "echoed"));
      for (int i = 1; i <= 3; i++) {
        both.bus.post(new Tick(i)); // on the bus once, locally; its stored copy is an echo
      }
      ConsumerInfo info =
          awaitConsumer(
              "ECHOED", "echoed", consumer -> consumer.getAckFloor().getStreamSequence() == 3);
      assertEquals(3, info.getAckFloor().getStreamSequence(), info.toString());
      assertEquals(0, info.getNumAckPending(), info.toString());
      assertEquals(3, ticks.size(), "each tick once, posted locally: " + ticks);
      assertTrue(both.errors.isEmpty(), both.errors.toString());
    }
  }

  @Test
  void aMessageFromAnInvalidOriginIsReportedAndSettled() throws Exception {
    try (Peer receiver = new Peer()) {
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      receiver.start(
          receiver.bridge(server).stream("FORGED").importDurable("forged.ticks", "forged"));
      try (Connection raw = Nats.connect(server.url())) {
        String invalid = "o".repeat(Subjects.ORIGIN_MAX_LENGTH + 1);
        raw.jetStream()
            .publish("forged." + invalid + ".ticks", CodecRegistry.load().toBytes(new Tick(1)));
        raw.jetStream().publish("forged.good.ticks", CodecRegistry.load().toBytes(new Tick(2)));
      }
      MalformedPayloadException refused = receiver.nextError(MalformedPayloadException.class);
      assertTrue(refused.getMessage().contains("no valid origin"), refused.getMessage());
      assertEquals(2, next(ticks).message().number());
      ConsumerInfo info =
          awaitConsumer(
              "FORGED",
              "forged",
              consumer ->
                  consumer.getNumAckPending() == 0
                      && consumer.getAckFloor().getStreamSequence() == 2);
      assertEquals(0, info.getNumAckPending(), info.toString());
      assertTrue(ticks.isEmpty(), ticks.toString());
    }
  }

  @Test
  void whatArrivedBeforeABridgeThatNeverStartedIsLeftForTheConsumersNextRun() throws Exception {
    int count = 20;
    try (Peer sender = new Peer()) {
      sender.start(
          sender.bridge(server).origin("match").stream("UNSTARTED")
              .exportDurable(Tick.class, "unstarted.ticks"));
      for (int i = 1; i <= count; i++) {
        sender.bus.post(new Tick(i));
      }
      try (Peer never = new Peer()) {
        BlockingQueue<Delivered<Tick>> ticks = never.record(Tick.class);
        never.bridge =
            never.bridge(server).stream("UNSTARTED")
                .importDurable("unstarted.ticks", "unstarted")
                .build();
        // the consumer has handed the client what it stored, and the importer waits for a start
        ConsumerInfo pulled =
            awaitConsumer("UNSTARTED", "unstarted", consumer -> consumer.getNumAckPending() > 0);
        assertTrue(pulled.getNumAckPending() > 0, pulled.toString());
        never.bridge.close(); // returns: the waiting importer leaves without posting
        assertTrue(ticks.isEmpty(), ticks.toString());
        assertTrue(never.errors.isEmpty(), never.errors.toString());
      }
      ConsumerInfo after = awaitConsumer("UNSTARTED", "unstarted", consumer -> true);
      assertEquals(
          0, after.getAckFloor().getStreamSequence(), "nothing was acknowledged: " + after);
      assertEquals(count, after.getNumAckPending() + after.getNumPending(), after.toString());
    }
  }
}
