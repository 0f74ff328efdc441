package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.net.ConnectionConfig;
import dev.herald.net.MessageDependency;
import dev.herald.net.SendStatus;
import dev.herald.time.ManualTicker;
import dev.herald.time.Ticker;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The timers of a peer that only its deadline brings back to an update: what is owed to it goes out
 * when the deadline comes, though nothing arrives and nothing is sent meanwhile, and a deadline is
 * never one the node must look at again at every update. The clock is the test's.
 */
class PeerDeadlinesAttackTest {

  /** The test's clock, read from just before the wrap of a {@code long}. */
  private final ManualTicker manual = new ManualTicker();

  private final Ticker wrapping =
      new Ticker() {
        @Override
        public long nanoTime() {
          return Long.MAX_VALUE - 3_000_000_000L + manual.nanoTime(); // wraps 3 s in
        }
      };

  private final Recorder atServer = new Recorder();
  private final Replier atClient = new Replier();
  private UdpNode server;
  private UdpNode client;

  @AfterEach
  void close() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private Peer connect(Ticker clock) throws IOException {
    server = UdpNode.server(HandshakeTest.LOOPBACK, NodeConfig.defaults(), atServer, clock);
    client = UdpNode.client(server.localAddress(), NodeConfig.defaults(), atClient, clock);
    atClient.node = client;
    Drive.until("connected", () -> client.server().isConnected(), server, client);
    Drive.rounds(5, Duration.ofMillis(5), server, client);
    assertEquals(1, server.peers().size());
    return server.peers().get(0);
  }

  /**
   * A message the client never acknowledges (its node is never updated again): with nothing else
   * happening, the server probes it at each deadline, a packet or so per update, and its
   * keep-alives and the silence timeout come at theirs.
   */
  @Test
  void anUnacknowledgedMessageIsProbedAtItsDeadlinesUntilSilenceEndsTheConnection()
      throws IOException {
    Peer peer = connect(manual);
    assertEquals(SendStatus.ACCEPTED, server.trySend(peer, new MessageDependency(), new byte[8]));
    server.update(); // sent; the client will never read it
    long sent = peer.counters().packetsSent();

    int deadlines = 0;
    while (peer.isConnected()) {
      assertTrue(++deadlines < 1_000, "the connection never gave up");
      long deadline = server.deadlineForTests(peer);
      assertTrue(deadline - manual.nanoTime() > 1, "a deadline the node must look at again now");
      manual.advanceNanos(deadline - manual.nanoTime());
      long before = peer.counters().packetsSent();
      server.update();
      assertTrue(peer.counters().packetsSent() - before <= 2, "a flood at one deadline");
    }
    // Probes after the retransmission timeout and again after twice that, before the silence
    // timeout ends the connection: a probe whose deadline was missed would leave fewer.
    assertTrue(
        peer.counters().retransmissions() >= 2, "probes: " + peer.counters().retransmissions());
    assertTrue(peer.counters().packetsSent() > sent);
    assertEquals(List.of(DisconnectReason.TIMED_OUT), atServer.reasons);
  }

  /**
   * The same across the wrap of the clock's {@code long}: keep-alives keep an idle connection up
   * through it, and silence still ends it at its timeout.
   */
  @Test
  void keepAlivesAndTimeoutsFireAcrossTheWrapOfTheClock() throws IOException {
    Peer peer = connect(wrapping);
    Duration keepAlive = NodeConfig.defaults().connection().keepAliveInterval();
    Duration timeout = NodeConfig.defaults().connection().connectionTimeout();
    // Past the wrap, both nodes updated: the keep-alives keep the connection up.
    long step = keepAlive.toNanos();
    for (long passed = 0; passed < 6_000_000_000L; passed += step) {
      manual.advanceNanos(step);
      long before = peer.counters().packetsSent();
      long received = client.server().counters().packetsReceived();
      server.update();
      assertTrue(peer.counters().packetsSent() - before <= 1, "a flood at one keep-alive");
      Drive.until(
          "the keep-alive received",
          () -> client.server().counters().packetsReceived() > received,
          client,
          server);
    }
    assertTrue(peer.isConnected());
    assertTrue(wrapping.nanoTime() < 0, "the clock wrapped");
    assertTrue(peer.counters().packetsSent() > 6_000_000_000L / step / 2);

    // Now the client stops: the server's silence timeout fires at its deadline.
    long silentFrom = manual.nanoTime();
    int deadlines = 0;
    while (peer.isConnected()) {
      assertTrue(++deadlines < 1_000, "silence never timed out");
      long deadline = server.deadlineForTests(peer);
      assertTrue(deadline - wrapping.nanoTime() > 1);
      manual.advanceNanos(deadline - wrapping.nanoTime());
      server.update();
    }
    assertEquals(DisconnectReason.TIMED_OUT, atServer.lastReason());
    assertTrue(manual.nanoTime() - silentFrom <= timeout.toNanos());
  }

  /**
   * A reply a listener sends while the update reads the message it answers leaves in that same
   * update, with the clock standing still: no deadline has to come for it.
   */
  @Test
  void aReplySentByAListenerDuringAnUpdateLeavesInThatUpdate() throws IOException {
    Peer peer = connect(manual);
    server.trySend(peer, new MessageDependency(), new byte[] {7});
    Drive.until("the reply", () -> atServer.messages.size() == 1, server, client);
    assertEquals(6, atServer.messages.get(0)[0]);
    assertFalse(atServer.reasons.contains(DisconnectReason.TIMED_OUT));
  }

  /**
   * A snapshot the bandwidth budget holds back leaves at the peer's deadline, the first update at
   * which the budget has room, though nothing else happens.
   */
  @Test
  void aSnapshotHeldByTheBudgetLeavesAtTheDeadline() throws IOException {
    NodeConfig budget =
        NodeConfig.defaults().withConnection(ConnectionConfig.defaults().withBandwidth(1_000));
    server = UdpNode.server(HandshakeTest.LOOPBACK, budget, atServer, manual);
    client = UdpNode.client(server.localAddress(), budget, atClient, manual);
    Drive.until(
        "connected",
        () -> client.server().isConnected() && server.peers().size() == 1,
        server,
        client);
    Drive.rounds(3, Duration.ofMillis(5), server, client);
    manual.advance(Duration.ofSeconds(1)); // the budget owes nothing
    Peer peer = server.peers().get(0);
    server.update();

    assertTrue(server.sendSnapshot(peer, new byte[40])); // leaves, and spends the budget
    assertTrue(server.sendSnapshot(peer, new byte[40])); // waits for room
    long sent = peer.counters().snapshotsSent();
    long deadline = server.deadlineForTests(peer);
    assertTrue(deadline - manual.nanoTime() > 0);
    manual.advanceNanos(deadline - manual.nanoTime() - 1);
    server.update();
    assertEquals(sent, peer.counters().snapshotsSent(), "sent before the budget had room");
    manual.advanceNanos(1);
    server.update();
    assertEquals(sent + 1, peer.counters().snapshotsSent(), "not sent when the budget had room");
  }

  /**
   * A peer whose only pending thing is an acknowledgement that the budget holds back: it leaves at
   * the deadline the budget sets, with nothing arriving meanwhile.
   */
  @Test
  void anAcknowledgementHeldByTheBudgetLeavesAtTheDeadline() throws IOException {
    NodeConfig budget =
        NodeConfig.defaults().withConnection(ConnectionConfig.defaults().withBandwidth(1_000));
    server = UdpNode.server(HandshakeTest.LOOPBACK, budget, atServer, manual);
    client = UdpNode.client(server.localAddress(), NodeConfig.defaults(), atClient, manual);
    Drive.until(
        "connected",
        () -> client.server().isConnected() && server.peers().size() == 1,
        server,
        client);
    Drive.rounds(3, Duration.ofMillis(5), server, client);
    manual.advance(Duration.ofSeconds(1)); // the budget owes nothing
    Peer peer = server.peers().get(0);
    server.update();
    client.update();

    assertTrue(server.sendSnapshot(peer, new byte[200])); // spends the budget for a while
    long sent = peer.counters().packetsSent();
    client.send(client.server(), new byte[] {1}); // the server will owe an acknowledgement
    client.update();
    Drive.until("the message arrived", () -> atServer.messages.size() == 1, server);
    assertEquals(sent, peer.counters().packetsSent(), "the budget had no room for the ack yet");

    long deadline = server.deadlineForTests(peer);
    assertTrue(deadline - manual.nanoTime() > 0);
    manual.advanceNanos(deadline - manual.nanoTime());
    server.update();
    assertEquals(sent + 1, peer.counters().packetsSent(), "the ack left when the budget had room");
  }

  /**
   * Peers due at the same update, the listener closing the node when it hears the first time out:
   * the update ends cleanly, and each peer is disconnected once.
   */
  @Test
  void aListenerThatClosesTheNodeAtATimeoutEndsTheUpdateCleanly() throws IOException {
    List<DisconnectReason> reasons = new ArrayList<>();
    UdpNode[] self = new UdpNode[1];
    PeerListener closing =
        new PeerListener() {
          @Override
          public void onConnected(Peer peer) {}

          @Override
          public void onMessage(Peer peer, byte[] payload) {}

          @Override
          public void onDisconnected(Peer peer, DisconnectReason reason) {
            reasons.add(reason);
            self[0].close();
          }
        };
    server =
        UdpNode.server(
            HandshakeTest.LOOPBACK, NodeConfig.defaults().withMaxPeers(3), closing, manual);
    self[0] = server;
    List<UdpNode> clients = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        clients.add(
            UdpNode.client(server.localAddress(), NodeConfig.defaults(), new Recorder(), manual));
      }
      UdpNode[] all = {server, clients.get(0), clients.get(1), clients.get(2)};
      Drive.until("connected", () -> server.peers().size() == 3, all);
      Drive.rounds(3, Duration.ofMillis(5), all);

      manual.advance(NodeConfig.defaults().connection().connectionTimeout().multipliedBy(2));
      server.update(); // every peer is due; the first time-out closes the node

      assertTrue(server.isClosed());
      assertEquals(3, reasons.size(), "disconnections heard: " + reasons);
      assertEquals(DisconnectReason.TIMED_OUT, reasons.get(0));
      assertEquals(List.of(), server.peers());
      server.update(); // does nothing once closed
      assertEquals(3, reasons.size());
    } finally {
      for (UdpNode node : clients) {
        node.close();
      }
    }
  }

  /** Answers each message with its first byte less one, from inside the update. */
  private static final class Replier implements PeerListener {
    UdpNode node;

    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      node.trySend(peer, new MessageDependency(), new byte[] {(byte) (payload[0] - 1)});
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {}
  }
}
