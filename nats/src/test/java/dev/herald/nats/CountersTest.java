package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.Header;
import dev.herald.annotation.Subscribe;
import dev.herald.bridge.Bridge;
import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link NatsBridge#counters()}: each count moves with what really crossed a server. */
@Timeout(60)
class CountersTest {
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
  void everyExportedMessageCountsSentThereAndReceivedHere() throws Exception {
    sender.start(sender.bridge(server).exportType(Tick.class).exportType(Chat.class));
    BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).importType(Tick.class).importType(Chat.class));
    assertEquals(0, sender.bridge.counters().sent());

    for (int i = 1; i <= 40; i++) {
      sender.bus.post(new Tick(i));
    }
    for (int i = 1; i <= 2; i++) {
      sender.bus.post(new Chat("chat " + i));
    }
    for (int i = 1; i <= 40; i++) {
      assertEquals(i, next(ticks).message().number());
    }
    next(chats);
    next(chats);

    NatsBridgeCounters sent = sender.bridge.counters();
    NatsBridgeCounters received = receiver.bridge.counters();
    assertEquals(42, sent.sent(), sent.toString());
    assertEquals(0, sent.received(), sent.toString());
    assertEquals(42, received.received(), received.toString());
    assertEquals(0, received.sent(), received.toString());
    assertEquals(0, received.lost() + received.dropped() + received.malformed());
  }

  static final class Scoreboard {
    @Subscribe
    ScoreReply score(ScoreQuery query) {
      return new ScoreReply(query.team(), query.team().length());
    }
  }

  @Test
  void requestsAndMessagesToOneProcessCountToo() throws Exception {
    sender.start(sender.bridge(server).exportType(ScoreQuery.class).exportType(Chat.class));
    receiver.bus.register(new Scoreboard());
    Bridge.of(receiver.bus)
        .respond(
            Chat.class,
            (chat, envelope) -> {
              if (envelope.from() != null) {
                receiver.bus.post(new Chat("re: " + chat.text()), Header.to(envelope.from()));
              }
              return List.of();
            });
    receiver.start(receiver.bridge(server).importType(ScoreQuery.class).importType(Chat.class));
    BlockingQueue<Delivered<Chat>> chats = sender.record(Chat.class);

    assertEquals(
        List.of(new ScoreReply("green", 5)),
        sender.bus.request(new ScoreQuery("green"), ScoreReply.class));
    sender.bus.post(new Chat("ping"));
    // its own, locally, and the reply, in either order: the exporter may hand the ping to NATS,
    // and the reply come back, before the local handlers after it saw the ping
    assertEquals(
        Set.of(new Chat("ping"), new Chat("re: ping")),
        Set.of(next(chats).message(), next(chats).message()));

    NatsBridgeCounters asking = sender.bridge.counters();
    NatsBridgeCounters answering = receiver.bridge.counters();
    assertEquals(2, asking.sent(), "the request and the ping: " + asking);
    assertEquals(1, asking.received(), "the reply to the ping, not the request's: " + asking);
    assertEquals(1, answering.sent(), "the reply to the ping: " + answering);
    assertEquals(2, answering.received(), "the request it answered and the ping: " + answering);
  }

  @Test
  void messagesThatCannotBeHandedToNatsCountDropped() throws Exception {
    Connection connection = Nats.connect(server.url());
    sender.start(NatsBridge.builder(sender.bus).connection(connection).exportType(Tick.class));
    sender.bus.post(new Tick(1));
    connection.close();

    sender.bus.post(new Tick(2));
    sender.bus.post(new Tick(3));

    NatsBridgeCounters counters = sender.bridge.counters();
    assertEquals(1, counters.sent(), counters.toString());
    assertEquals(2, counters.dropped(), counters.toString());
    assertEquals(sender.bridge.droppedCount(), counters.dropped());
  }

  @Test
  void payloadsThatCannotBeReadCountMalformed() throws Exception {
    receiver.start(receiver.bridge(server).importSubject("room.junk"));
    try (Connection raw = Nats.connect(server.url())) {
      for (int i = 0; i < 3; i++) {
        raw.publish(Subjects.withOrigin("room.junk", "lobby-3"), new byte[] {(byte) 0xFF, 1, 2});
      }
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    }
    for (int i = 0; i < 3; i++) {
      receiver.nextError(MalformedPayloadException.class);
    }

    NatsBridgeCounters counters = receiver.bridge.counters();
    assertEquals(3, counters.malformed(), counters.toString());
    assertEquals(0, counters.received(), counters.toString());
  }

  @Test
  void gapsAndFailedImportsCountLost() throws Exception {
    sender.start(sender.bridge(server).origin("chatter").exportType(Chat.class, "room.errors"));
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(
        receiver
            .bridge(server)
            .codecs(CodecRegistry.of(new ImportErrorTest.HostileChatCodec()))
            .importSubject("room.errors")
            .importSubject("room.ticks"));
    sender.bus.post(new Chat("hostile"));
    sender.bus.post(new Chat("after"));
    assertEquals(new Chat("after"), next(chats).message());
    receiver.nextError(ImportFailedException.class);
    try (Connection raw = Nats.connect(server.url())) {
      long incarnation = Prelude.incarnation(System.currentTimeMillis(), 11);
      CodecRegistry codecs = CodecRegistry.of(new ImportErrorTest.HostileChatCodec());
      raw.publish(
          Subjects.withOrigin("room.ticks", "lobby-9"),
          Prelude.write(codecs, incarnation, 1, new Chat("one")));
      raw.publish(
          Subjects.withOrigin("room.ticks", "lobby-9"),
          Prelude.write(codecs, incarnation, 4, new Chat("four")));
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    }
    receiver.nextError(MessagesLostException.class);
    awaitTrue("both delivered", () -> receiver.bridge.counters().received() == 3);

    NatsBridgeCounters counters = receiver.bridge.counters();
    assertEquals(1 + 2, counters.lost(), "the failed import and the gap: " + counters);
    assertEquals(receiver.bridge.lostCount(), counters.lost());
    assertEquals(1, counters.importFailures(), counters.toString());
    assertEquals(3, counters.received(), "after, one, four: " + counters);
  }

  private static void awaitTrue(String what, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Peer.PATIENCE_SECONDS);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        fail("gave up waiting until " + what);
      }
      Thread.onSpinWait();
    }
  }
}
