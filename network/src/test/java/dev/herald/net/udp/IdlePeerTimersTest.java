package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server with many connected peers that send nothing: its updates leave them alone until one of
 * their deadlines comes, and then their timers fire as before (keep-alives go out, silence times
 * out). The clock is the test's, so deadlines come exactly when the test says.
 */
class IdlePeerTimersTest {

  private static final int CLIENTS = 12;

  private final ManualTicker clock = new ManualTicker();
  private final Recorder atServer = new Recorder();
  private final UdpNode server;
  private final List<UdpNode> clients = new ArrayList<>();

  IdlePeerTimersTest() throws IOException {
    server =
        UdpNode.server(
            HandshakeTest.LOOPBACK, NodeConfig.defaults().withMaxPeers(CLIENTS), atServer, clock);
    for (int i = 0; i < CLIENTS; i++) {
      clients.add(
          UdpNode.client(server.localAddress(), NodeConfig.defaults(), new Recorder(), clock));
    }
    UdpNode[] nodes = nodes();
    Drive.until("every client connected", () -> connectedClients() == CLIENTS, nodes);
    // Let the first packets of the connections arrive and be answered: from now on, nothing is
    // owed to anyone and the clock stands still.
    Drive.rounds(5, Duration.ofMillis(5), nodes);
  }

  @AfterEach
  void close() {
    for (UdpNode client : clients) {
      client.close();
    }
    server.close();
  }

  @Test
  void updatesWithNothingDueVisitNoPeer() {
    long visits = server.timerVisitsForTests();
    for (int i = 0; i < 1_000; i++) {
      server.update();
    }
    assertEquals(visits, server.timerVisitsForTests(), "peers visited with nothing due");

    // Up to the nanosecond before the earliest deadline, still none.
    clock.advanceNanos(earliestDeadline() - clock.nanoTime() - 1);
    server.update();
    assertEquals(visits, server.timerVisitsForTests(), "peers visited before their deadline");
  }

  @Test
  void anIdlePeerIsSentItsKeepAliveWhenItsDeadlineComes() {
    List<Peer> peers = server.peers();
    long earliest = earliestDeadline();
    List<Long> sentBefore = new ArrayList<>();
    List<Boolean> dueNext = new ArrayList<>();
    int due = 0;
    for (Peer peer : peers) {
      sentBefore.add(peer.counters().packetsSent());
      dueNext.add(server.deadlineForTests(peer) == earliest);
      due += server.deadlineForTests(peer) == earliest ? 1 : 0;
    }
    long visits = server.timerVisitsForTests();

    clock.advanceNanos(earliest - clock.nanoTime());
    server.update();

    assertEquals(due, server.timerVisitsForTests() - visits, "only the peers due are visited");
    for (int i = 0; i < peers.size(); i++) {
      Peer peer = peers.get(i);
      long sent = peer.counters().packetsSent() - sentBefore.get(i);
      assertEquals(dueNext.get(i) ? 1 : 0, sent, peer + ": keep-alives sent");
    }
    assertTrue(due >= 1);
    // Each keep-alive moved its peer's deadline on by the keep-alive interval.
    long keepAlive = NodeConfig.defaults().connection().keepAliveInterval().toNanos();
    for (Peer peer : peers) {
      assertTrue(server.deadlineForTests(peer) - clock.nanoTime() > 0, peer + " is due again");
      assertTrue(server.deadlineForTests(peer) - clock.nanoTime() <= keepAlive);
    }
  }

  @Test
  void idlePeersThatFallSilentTimeOutWhenTheirDeadlineComes() {
    Duration timeout = NodeConfig.defaults().connection().connectionTimeout();
    clock.advance(timeout.minusMillis(1));
    server.update(); // keep-alives go out, but the clients are never updated: nothing comes back
    assertEquals(CLIENTS, server.peers().size());
    assertEquals(List.of(), atServer.reasons);

    clock.advance(Duration.ofMillis(1));
    server.update();

    assertEquals(Collections.nCopies(CLIENTS, DisconnectReason.TIMED_OUT), atServer.reasons);
    assertEquals(List.of(), server.peers());
    long visits = server.timerVisitsForTests();
    clock.advance(timeout);
    server.update();
    assertEquals(visits, server.timerVisitsForTests(), "a peer gone has no deadline left");
  }

  private long earliestDeadline() {
    List<Peer> peers = server.peers();
    assertEquals(CLIENTS, peers.size());
    long earliest = server.deadlineForTests(peers.get(0));
    for (Peer peer : peers) {
      long deadline = server.deadlineForTests(peer);
      if (deadline - earliest < 0) {
        earliest = deadline;
      }
    }
    assertTrue(earliest - clock.nanoTime() > 0, "nothing is due yet");
    return earliest;
  }

  private int connectedClients() {
    int connected = 0;
    for (UdpNode client : clients) {
      connected += client.server().isConnected() ? 1 : 0;
    }
    return connected;
  }

  private UdpNode[] nodes() {
    UdpNode[] nodes = new UdpNode[clients.size() + 1];
    nodes[0] = server;
    for (int i = 0; i < clients.size(); i++) {
      nodes[i + 1] = clients.get(i);
    }
    return nodes;
  }
}
