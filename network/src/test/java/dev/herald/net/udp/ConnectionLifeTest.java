package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Keep-alives, timeouts, clean disconnects and snapshots over loopback sockets. Both nodes read a
 * clock the test moves, so "five seconds of silence" takes no time.
 */
class ConnectionLifeTest {

  private static final Duration STEP = Duration.ofMillis(100);

  private final ManualTicker clock = new ManualTicker();
  private final Recorder atServer = new Recorder();
  private final Recorder atClient = new Recorder();
  private final UdpNode server;
  private final UdpNode client;

  ConnectionLifeTest() throws IOException {
    server = UdpNode.server(HandshakeTest.LOOPBACK, NodeConfig.defaults(), atServer, clock);
    client = UdpNode.client(server.localAddress(), NodeConfig.defaults(), atClient, clock);
    Drive.until(
        "connected",
        () -> atClient.connected.size() == 1 && atServer.connected.size() == 1,
        server,
        client);
  }

  @AfterEach
  void close() {
    client.close();
    server.close();
  }

  /** Moves the clock a step, then lets each node send and read what the other sent. */
  private void step() {
    clock.advance(STEP);
    Drive.rounds(2, Duration.ofMillis(5), server, client);
  }

  @Test
  void keepAlivesHoldAnIdleConnectionOpenPastTheTimeout() {
    Peer atServerSide = server.peers().get(0);
    long before = atServerSide.counters().packetsReceived();
    int steps =
        (int)
            (NodeConfig.defaults().connection().connectionTimeout().toMillis()
                * 3
                / STEP.toMillis());
    for (int i = 0; i < steps; i++) {
      step();
    }

    assertTrue(atServerSide.isConnected() && client.server().isConnected());
    assertEquals(List.of(), atServer.reasons);
    assertTrue(
        atServerSide.counters().packetsReceived() - before >= 10,
        "keep-alives received: " + (atServerSide.counters().packetsReceived() - before));
  }

  @Test
  void withNoDeadlineDueWhatArrivesAndWhatIsSentStillLeavesAtTheNextUpdate() {
    // The clock stands still, so no peer's deadline comes: only the peers that received a packet
    // or were given a message are visited.
    Peer atServerSide = server.peers().get(0);
    long acknowledgementsBefore = atServerSide.counters().packetsSent();
    client.send(client.server(), new byte[] {7});
    Drive.until(
        "the server executed the client's message",
        () -> atServer.messages.size() == 1,
        client,
        server);
    Drive.until(
        "the server acknowledged it",
        () -> atServerSide.counters().packetsSent() > acknowledgementsBefore,
        server);

    server.send(atServerSide, new byte[] {8});
    Drive.until(
        "the client executed the server's message",
        () -> atClient.messages.size() == 1,
        server,
        client);
    assertArrayEquals(new byte[] {8}, atClient.messages.get(0));
  }

  @Test
  void peerThatFallsSilentTimesOut() {
    Peer atServerSide = server.peers().get(0);
    clock.advance(NodeConfig.defaults().connection().connectionTimeout());
    server.update(); // the client is never updated again: it sends nothing

    assertEquals(List.of(DisconnectReason.TIMED_OUT), atServer.reasons);
    assertEquals(DisconnectReason.TIMED_OUT, atServerSide.disconnectReason());
    assertEquals(List.of(), server.peers());
  }

  @Test
  void cleanDisconnectReachesThePeerAtOnce() {
    client.disconnect(client.server());
    Drive.until("the server heard the goodbye", () -> !atServer.reasons.isEmpty(), server);

    assertEquals(List.of(DisconnectReason.CLOSED_BY_PEER), atServer.reasons);
    assertEquals(List.of(DisconnectReason.CLOSED_HERE), atClient.reasons);
    assertEquals(List.of(), server.peers());
    assertThrows(IllegalStateException.class, () -> client.send(client.server(), new byte[1]));
  }

  @Test
  void closingTheServerDisconnectsItsClients() {
    server.close();
    Drive.until("the client heard the goodbye", () -> !atClient.reasons.isEmpty(), client);

    assertEquals(List.of(DisconnectReason.CLOSED_BY_PEER), atClient.reasons);
    assertEquals(List.of(DisconnectReason.CLOSED_HERE), atServer.reasons);
  }

  @Test
  void disconnectFromAnAddressWithNoConnectionIsIgnoredAndCounted() throws IOException {
    try (RawClient raw = new RawClient(server.localAddress())) {
      raw.send(RawClient.disconnect(42));
      // the raw socket has no connection at all; a disconnect from it is unknown
      Drive.until("counted", () -> server.counters().unknownDatagrams() == 1, server);
      assertEquals(1, server.peers().size());
    }
  }

  @Test
  void snapshotsArriveAndOlderOnesAreDropped() throws IOException {
    Peer atServerSide = server.peers().get(0);
    server.sendSnapshot(atServerSide, new byte[] {1});
    server.sendSnapshot(atServerSide, new byte[] {2});
    Drive.until("both snapshots", () -> atClient.snapshots.size() == 2, client);
    assertArrayEquals(new byte[] {2}, atClient.snapshots.get(1));

    try (RawClient raw = new RawClient(client.localAddress())) {
      // from an address that is not the server's: unknown whatever it carries
      raw.send(RawClient.snapshot(0, 5, new byte[] {9}));
      Drive.until("counted", () -> client.counters().unknownDatagrams() == 1, client);
    }
    assertEquals(2, atClient.snapshots.size());
  }

  @Test
  void aListenerMayReadASnapshotWhereItArrivedWithNoCopy() throws IOException {
    List<byte[]> whole = new java.util.ArrayList<>();
    List<byte[]> lent = new java.util.ArrayList<>();
    PeerListener reader =
        new PeerListener() {
          @Override
          public void onConnected(Peer peer) {}

          @Override
          public void onMessage(Peer peer, byte[] payload) {}

          @Override
          public void onSnapshot(Peer peer, byte[] payload) {
            whole.add(payload); // not called: the lent form is overridden
          }

          @Override
          public void onSnapshot(Peer peer, byte[] buffer, int offset, int length) {
            lent.add(java.util.Arrays.copyOfRange(buffer, offset, offset + length));
          }

          @Override
          public void onDisconnected(Peer peer, DisconnectReason reason) {}
        };
    try (UdpNode other = UdpNode.client(server.localAddress(), NodeConfig.defaults(), reader)) {
      Drive.until("connected", () -> other.server().isConnected(), server, other);
      Peer atServerSide = server.peers().get(1);
      server.sendSnapshot(atServerSide, new byte[] {4, 5, 6});
      Drive.until("the snapshot", () -> lent.size() == 1, other);

      assertArrayEquals(new byte[] {4, 5, 6}, lent.get(0));
      assertEquals(List.of(), whole);
    }
  }

  @Test
  void snapshotOlderThanOneReceivedIsDropped() {
    Peer atServerSide = server.peers().get(0);
    atServerSide.nextSnapshotOut = 10;
    server.sendSnapshot(atServerSide, new byte[] {10});
    Drive.until("the snapshot", () -> atClient.snapshots.size() == 1, client);
    atServerSide.nextSnapshotOut = 9;
    server.sendSnapshot(atServerSide, new byte[] {9});
    Drive.until("the stale one counted", () -> client.counters().staleSnapshots() == 1, client);

    assertEquals(1, atClient.snapshots.size());
    assertNull(client.server().disconnectReason());
  }

  @Test
  void listenerThatDisconnectsThePeerHearsNothingMoreFromItsPacket() throws IOException {
    List<byte[]> heard = new java.util.ArrayList<>();
    UdpNode[] kicker = new UdpNode[1];
    PeerListener kicksAtFirstMessage =
        new PeerListener() {
          @Override
          public void onConnected(Peer peer) {}

          @Override
          public void onMessage(Peer peer, byte[] payload) {
            heard.add(payload);
            kicker[0].disconnect(peer);
          }

          @Override
          public void onDisconnected(Peer peer, DisconnectReason reason) {}
        };
    Recorder atOther = new Recorder();
    try (UdpNode strict =
            UdpNode.server(
                HandshakeTest.LOOPBACK, NodeConfig.defaults(), kicksAtFirstMessage, clock);
        UdpNode other =
            UdpNode.client(strict.localAddress(), NodeConfig.defaults(), atOther, clock)) {
      kicker[0] = strict;
      Drive.until("connected", () -> atOther.connected.size() == 1, strict, other);
      for (int i = 1; i <= 3; i++) {
        other.send(
            other.server(), new byte[] {(byte) i}); // one packet: they leave at the next update
      }
      Drive.until("kicked", () -> strict.peers().isEmpty(), other, strict);

      assertEquals(1, heard.size(), "the first message only");
      assertEquals(2, strict.counters().discardedAfterDisconnect());
      Drive.until("the client heard the goodbye", () -> !atOther.reasons.isEmpty(), other);
      assertEquals(List.of(DisconnectReason.CLOSED_BY_PEER), atOther.reasons);
    }
  }
}
