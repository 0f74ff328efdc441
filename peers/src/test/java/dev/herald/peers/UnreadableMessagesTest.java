package dev.herald.peers;

import static dev.herald.peers.UdpBridgeTest.CODECS;
import static dev.herald.peers.UdpBridgeTest.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.MessageBus;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.UdpNode;
import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

/**
 * A peer that sends what this program cannot decode: counted, logged in bounded summaries, then
 * dropped.
 */
class UnreadableMessagesTest {

  /** A frame no codec of the tests has: wire id 127, then an empty body. */
  static final byte[] UNKNOWN_TYPE = {0x7F, 0x01, 0x00};

  /** A client of raw payloads: says what it is told. */
  static final class RawPeer implements PeerListener {
    final List<DisconnectReason> reasons = new ArrayList<>();
    boolean connected;

    @Override
    public synchronized void onConnected(Peer peer) {
      connected = true;
    }

    @Override
    public void onMessage(Peer peer, byte[] payload) {}

    @Override
    public synchronized void onDisconnected(Peer peer, DisconnectReason reason) {
      reasons.add(reason);
    }
  }

  static void until(String what, BooleanSupplier done, Runnable... updates) {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!done.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        fail("gave up waiting until " + what);
      }
      for (Runnable update : updates) {
        update.run();
      }
    }
  }

  @Test
  void peerThatKeepsSendingWhatCannotBeDecodedIsSummarisedNotTracedAndDropped() throws IOException {
    ManualTicker clock = new ManualTicker(); // still: the whole flood falls in one log interval
    MessageBus bus = MessageBus.builder().ticker(clock).build();
    Inbox atServer = new Inbox();
    bus.register(atServer);
    RawPeer atClient = new RawPeer();
    NodeConfig config = NodeConfig.defaults().withMaxUnreadableMessages(50);
    try (LogRecords log = new LogRecords();
        UdpBridge server = UdpBridge.server(bus, CODECS, LOOPBACK, config);
        UdpNode client =
            UdpNode.client(server.node().localAddress(), NodeConfig.defaults(), atClient, clock)) {
      until("connected", () -> atServer.connected.size() == 1, server::update, client::update);
      int sent = 300;
      for (int i = 0; i < sent; i++) {
        client.send(client.server(), UNKNOWN_TYPE);
      }
      until(
          "the server read them all or dropped the client",
          () -> server.undecodableMessages() == sent || !atServer.disconnected.isEmpty(),
          client::update,
          server::update);

      List<LogRecord> warnings = log.warnings();
      assertEquals(
          2,
          warnings.size(),
          "the first message, then the disconnect with the counts: " + warnings.size());
      for (LogRecord warning : warnings) {
        assertNull(warning.getThrown(), "a summary, no stack trace");
      }
      assertTrue(log.characters() < 1_000, log.characters() + " characters logged");
      String last = warnings.get(1).getMessage();
      assertTrue(last.contains("51 messages that could not be read"), last);
      assertEquals(
          DisconnectReason.UNREADABLE_MESSAGES,
          atServer.disconnected.get(0).reason(),
          "the client was dropped");
      assertEquals(
          51,
          server.undecodableMessages(),
          "the limit, and one past it; nothing after the disconnect is decoded");
      assertEquals(51, server.node().counters().unreadableMessages());
      until("the client heard it", () -> !atClient.reasons.isEmpty(), client::update);
      assertEquals(List.of(DisconnectReason.CLOSED_BY_PEER), atClient.reasons);
    }
  }

  @Test
  void unreadableMessagesAreLoggedAtMostOncePerIntervalPerPeer() throws IOException {
    ManualTicker clock = new ManualTicker();
    MessageBus bus = MessageBus.builder().ticker(clock).build();
    Inbox atServer = new Inbox();
    bus.register(atServer);
    RawPeer atClient = new RawPeer();
    NodeConfig config =
        NodeConfig.defaults()
            .withMaxUnreadableMessages(Integer.MAX_VALUE)
            .withUnreadableLogInterval(Duration.ofSeconds(1));
    try (LogRecords log = new LogRecords();
        UdpBridge server = UdpBridge.server(bus, CODECS, LOOPBACK, config);
        UdpNode client =
            UdpNode.client(server.node().localAddress(), NodeConfig.defaults(), atClient, clock)) {
      until("connected", () -> atServer.connected.size() == 1, server::update, client::update);
      // 20 packets a second for 25 seconds of the nodes' clock, each with 10 unreadable messages
      int seconds = 25;
      int perSecond = 20;
      int perPacket = 10;
      long expected = 0;
      for (int tick = 0; tick < seconds * perSecond; tick++) {
        clock.advance(Duration.ofMillis(1000 / perSecond));
        for (int i = 0; i < perPacket; i++) {
          client.send(client.server(), UNKNOWN_TYPE);
        }
        expected += perPacket;
        long through = expected;
        until(
            "tick " + tick + " read",
            () -> server.undecodableMessages() == through,
            client::update,
            server::update);
      }

      assertEquals(1, server.peers().size(), "never dropped: no limit");
      assertEquals(expected, server.node().peers().get(0).unreadableMessages());
      int records = log.warnings().size();
      assertTrue(
          records >= seconds && records <= seconds + 1,
          records + " records for " + seconds + " intervals");
      assertTrue(log.characters() <= 400L * (seconds + 1), log.characters() + " characters logged");
      for (LogRecord record : log.warnings()) {
        assertNull(record.getThrown());
      }
    }
  }
}
