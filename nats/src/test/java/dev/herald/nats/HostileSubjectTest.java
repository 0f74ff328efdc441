package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import io.nats.client.Options;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A publisher that anyone may be, on a server with its default settings, sends subjects as long as
 * the server accepts: the line the server then delivers them on is longer, by the subscription's
 * id, than the NATS client reads by default. The importer reads them, reports each one malformed,
 * and keeps its connection and every message of a legitimate sender.
 */
@Timeout(120)
class HostileSubjectTest {
  /** nats-server's default {@code max_control_line}: the longest line a client may send it. */
  private static final int SERVER_LINE_LIMIT = 4096;

  private static final int LEGITIMATE = 300;
  private static final int HOSTILE = 300;

  private static NatsServer server;
  private final Peer receiver = new Peer();
  private final Peer sender = new Peer();

  @BeforeAll
  static void startServer() throws Exception {
    server = NatsServer.startOwn();
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
  void subjectsAsLongAsTheServerAcceptsAreReportedMalformedAndCostNoConnectionNorMessage()
      throws Exception {
    List<NatsConnectionEvent> changes = new CopyOnWriteArrayList<>();
    receiver.bus.subscribe(NatsConnectionEvent.class, changes::add);
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).origin("reader").importSubject("room.chat"));
    sender.start(sender.bridge(server).origin("legit").exportType(Chat.class, "room.chat"));

    byte[] junk = Prelude.write(CodecRegistry.load(), 1L << 40, 0, new Chat("forged"));
    // "PUB <subject> <size>": the longest subject the server takes with this payload
    String size = Integer.toString(junk.length);
    String filler = "x".repeat(SERVER_LINE_LIMIT - 1 - size.length() - "room..chat".length());
    String hostileSubject = "room." + filler + ".chat";
    Options hostileOptions =
        new Options.Builder()
            .server(server.url())
            .maxControlLine(2 * SERVER_LINE_LIMIT) // past the client's own check on what it sends
            .build();
    try (Connection hostile = Nats.connect(hostileOptions)) {
      for (int i = 0; i < Math.max(LEGITIMATE, HOSTILE); i++) {
        if (i < HOSTILE) {
          hostile.publish(hostileSubject, junk);
        }
        if (i < LEGITIMATE) {
          sender.bus.post(new Chat("legit " + i));
        }
      }
      hostile.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
      assertEquals(Connection.Status.CONNECTED, hostile.getStatus(), "the server took them all");
    }
    sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));

    for (int i = 0; i < LEGITIMATE; i++) {
      Delivered<Chat> chat = next(chats);
      assertEquals(new Chat("legit " + i), chat.message());
      assertEquals("legit", receiver.bridge.originOf(chat.from()));
    }
    awaitMalformed(HOSTILE);
    int reported = 0;
    for (Throwable error : receiver.errors) {
      assertTrue(error instanceof MalformedPayloadException, error.toString());
      assertTrue(
          error.getMessage().contains(hostileSubject.length() + " bytes long"), error.getMessage());
      reported++;
    }
    assertEquals(HOSTILE, reported);
    assertEquals(List.of(), changes, "the importer's connection was never lost");
    NatsBridgeCounters counters = receiver.bridge.counters();
    assertEquals(LEGITIMATE, counters.received());
    assertEquals(HOSTILE, counters.malformed());
    assertEquals(0, counters.lost(), "no legitimate message went missing");
    assertEquals(List.of("legit"), receiver.bridge.core.remotes.origins());
  }

  @Test
  void aLongSubjectInAStreamIsTerminatedAsMalformedAndTheDurableImportGoesOn() throws Exception {
    List<NatsConnectionEvent> changes = new CopyOnWriteArrayList<>();
    receiver.bus.subscribe(NatsConnectionEvent.class, changes::add);
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    sender.start(
        sender.bridge(server).origin("keeper").stream("HOSTILE").exportDurable(Chat.class, "log"));

    // "PUB <subject> 3", as long as the server takes: a plain publish, which the stream stores
    // too, and delivers with its acknowledgement subject
    String hostileSubject = "log." + "x".repeat(SERVER_LINE_LIMIT - "log. 3".length());
    Options hostileOptions =
        new Options.Builder().server(server.url()).maxControlLine(2 * SERVER_LINE_LIMIT).build();
    try (Connection hostile = Nats.connect(hostileOptions)) {
      hostile.publish(hostileSubject, new byte[] {1, 2, 3});
      sender.bus.post(new Chat("after"));
      hostile.publish(hostileSubject, new byte[] {4, 5, 6});
      hostile.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
      assertEquals(
          3, hostile.jetStreamManagement().getStreamInfo("HOSTILE").getStreamState().getMsgCount());
    }
    sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    receiver.start(receiver.bridge(server).stream("HOSTILE").importDurable("log", "reader"));

    assertEquals(new Chat("after"), next(chats).message());
    awaitMalformed(2);
    assertEquals(List.of(), changes, "the importer's connection was never lost");
    assertEquals(0, receiver.bridge.counters().lost());
  }

  private void awaitMalformed(int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Peer.PATIENCE_SECONDS);
    while (receiver.bridge.counters().malformed() < count && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(10); // bounded polling on the count, not a wait for an event
    }
    assertEquals(count, receiver.bridge.counters().malformed(), receiver.errors.toString());
  }
}
