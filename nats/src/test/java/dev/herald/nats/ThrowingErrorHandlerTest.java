package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An error handler that throws when it hears of a gap does not keep the message after the gap from
 * its handlers: through core NATS, and through JetStream, where the message would otherwise be
 * handed back and its redelivery dropped as a duplicate.
 */
@Timeout(60)
class ThrowingErrorHandlerTest {
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

  /** A bus whose error handler records every failure and throws at each gap it hears of. */
  private static MessageBus busThrowingAtGaps(BlockingQueue<Throwable> errors) {
    return MessageBus.builder()
        .errorHandler(
            (error, context) -> {
              errors.add(error);
              if (error instanceof MessagesLostException) {
                throw new IllegalStateException("the error handler fails on " + error.getMessage());
              }
            })
        .build();
  }

  /** A bridge's payload of {@code tick}, numbered {@code number}, from one run of a process. */
  private static byte[] numbered(long incarnation, long number, Tick tick) {
    return Prelude.write(CodecRegistry.load(), incarnation, number, tick);
  }

  @Test
  void theMessageAfterAGapIsDeliveredThroughCoreNats() throws Exception {
    BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();
    MessageBus bus = busThrowingAtGaps(errors);
    BlockingQueue<Tick> ticks = new LinkedBlockingQueue<>();
    bus.subscribe(Tick.class, ticks::add);
    NatsBridge bridge =
        NatsBridge.builder(bus).server(server.url()).importSubject("gaps.ticks").start();
    try (Connection raw = Nats.connect(server.url())) {
      long incarnation = Prelude.incarnation(System.currentTimeMillis(), 1);
      raw.publish("gaps.gappy.ticks", numbered(incarnation, 1, new Tick(1)));
      raw.publish("gaps.gappy.ticks", numbered(incarnation, 3, new Tick(3))); // 2 never sent: a gap
      raw.flush(Duration.ofSeconds(5));

      assertEquals(new Tick(1), next(ticks));
      assertEquals(new Tick(3), next(ticks), "the message after the gap reaches its handler");
      assertEquals(1, bridge.lostCount());
      assertTrue(errors.peek() instanceof MessagesLostException, errors.toString());
    } finally {
      bridge.close();
      bus.close();
    }
  }

  @Test
  void theMessageAfterAGapIsDeliveredThroughJetStream() throws Exception {
    BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();
    MessageBus bus = busThrowingAtGaps(errors);
    BlockingQueue<Tick> ticks = new LinkedBlockingQueue<>();
    bus.subscribe(Tick.class, ticks::add);
    NatsBridge bridge =
        NatsBridge.builder(bus).server(server.url()).stream("GAPS")
            .importDurable("durable-gaps.ticks", "gaps")
            .redelivery(3, Duration.ofMillis(50))
            .start();
    try (Connection raw = Nats.connect(server.url())) {
      long incarnation = Prelude.incarnation(System.currentTimeMillis(), 1);
      raw.jetStream().publish("durable-gaps.gappy.ticks", numbered(incarnation, 1, new Tick(1)));
      raw.jetStream().publish("durable-gaps.gappy.ticks", numbered(incarnation, 3, new Tick(3)));
      raw.jetStream().publish("durable-gaps.gappy.ticks", numbered(incarnation, 4, new Tick(4)));

      assertEquals(new Tick(1), next(ticks));
      assertEquals(new Tick(3), next(ticks), "the message after the gap reaches its handler");
      assertEquals(new Tick(4), next(ticks));
      assertEquals(1, bridge.lostCount());
      assertEquals(List.of(), List.copyOf(ticks), "nothing twice");
    } finally {
      bridge.close();
      bus.close();
    }
  }
}
