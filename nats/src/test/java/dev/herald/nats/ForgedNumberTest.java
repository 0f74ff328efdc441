package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A payload that claims a number its sender cannot have reached, under a real process's origin and
 * incarnation, moves nothing: that process's next messages all arrive, and nothing is reported
 * lost.
 */
@Timeout(60)
class ForgedNumberTest {
  private static final long FORGED = 1L << 62;
  private static NatsServer server;
  private final Peer sender = new Peer();
  private final Peer receiver = new Peer();

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

  @AfterEach
  void closePeers() throws Exception {
    sender.close();
    receiver.close();
  }

  @Test
  void aForgedNumberAfterTheSendersOwnMovesNothing() throws Exception {
    sender.start(sender.bridge(server).origin("lobby-1").exportType(Tick.class));
    BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
    receiver.start(receiver.bridge(server).importType(Tick.class));
    send(1, 5);
    for (int i = 1; i <= 5; i++) {
      assertEquals(i, next(ticks).message().number());
    }

    forge();
    MalformedPayloadException refused = receiver.nextError(MalformedPayloadException.class);
    assertTrue(refused.getMessage().contains("beyond"), refused.getMessage());
    assertEquals("lobby-1", refused.origin());
    send(6, 3000);

    for (int i = 6; i <= 3000; i++) {
      assertEquals(i, next(ticks).message().number());
    }
    assertEquals(0, receiver.bridge.lostCount());
    assertTrue(ticks.isEmpty(), ticks.toString());
  }

  @Test
  void aForgedNumberHeardBeforeTheSenderIsNotItsBaseline() throws Exception {
    sender.start(sender.bridge(server).origin("lobby-1").exportType(Tick.class));
    BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
    receiver.start(receiver.bridge(server).importType(Tick.class));

    forge(); // the receiver has heard nothing from lobby-1 yet
    MalformedPayloadException refused = receiver.nextError(MalformedPayloadException.class);
    assertTrue(refused.getMessage().contains("beyond"), refused.getMessage());
    send(1, 100);

    for (int i = 1; i <= 100; i++) {
      assertEquals(i, next(ticks).message().number());
    }
    assertEquals(0, receiver.bridge.lostCount());
    assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
  }

  @Test
  void numbersAreBelievedOnlyAsFarAsTheSenderCanHaveSent() {
    Numbering numbering = new Numberings(new CoarseClock()).of("s.p");
    long now = System.currentTimeMillis();
    long run = Prelude.incarnation(now, 3);

    assertEquals(
        Numbering.IMPLAUSIBLE,
        numbering.accept(run, FORGED, false),
        "a first number beyond the run's age");
    assertEquals(0, numbering.accept(run, 1, false));
    assertEquals(Numbering.IMPLAUSIBLE, numbering.accept(run, FORGED, false));
    assertEquals(Numbering.IMPLAUSIBLE, numbering.accept(run, FORGED, true), "an announcement too");
    assertEquals(0, numbering.accept(run, 2, false), "the forgery moved nothing");
    assertEquals(7, numbering.accept(run, 10, false), "a plausible gap is a loss");
    long started1970 = Prelude.incarnation(0, 5);
    assertEquals(
        Numbering.IMPLAUSIBLE,
        new Numberings(new CoarseClock()).of("s.q").accept(started1970, FORGED, false),
        "not even since 1970");
  }

  private void send(int from, int to) throws Exception {
    for (int i = from; i <= to; i++) {
      sender.bus.post(new Tick(i));
    }
    sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
  }

  /**
   * What a raw publisher that watched lobby-1 can publish as it: its incarnation, a huge number.
   */
  private void forge() throws Exception {
    try (Connection raw = Nats.connect(server.url())) {
      raw.publish(
          Subjects.withOrigin(Subjects.derived("herald", Tick.class), "lobby-1"),
          Prelude.write(
              CodecRegistry.load(), sender.bridge.core.incarnation, FORGED, new Tick(-1)));
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    }
  }
}
