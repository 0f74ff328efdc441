package dev.herald.micrometer;

import static dev.herald.micrometer.Loopback.ANY_PORT;
import static dev.herald.micrometer.Loopback.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.net.testkit.LinkConditions;
import dev.herald.net.testkit.LossyRelay;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.UdpNode;
import dev.herald.time.ManualTicker;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each meter of {@link UdpNodeMetrics}, read from a {@link SimpleMeterRegistry} after real
 * datagrams on the loopback interface moved it: from a real client, a hand-written one, or through
 * a lossy relay.
 */
class UdpNodeMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<AutoCloseable> open = new ArrayList<>();

  /** The binder of the node under test. */
  private UdpNodeMetrics metrics;

  @AfterEach
  void closeAll() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  private <T extends AutoCloseable> T opened(T closeable) {
    open.add(closeable);
    return closeable;
  }

  private UdpNode server(Listener listener, NodeConfig config, ManualTicker clock)
      throws IOException {
    UdpNode server =
        opened(
            clock == null
                ? UdpNode.server(ANY_PORT, config, listener)
                : UdpNode.server(ANY_PORT, config, listener, clock));
    listener.node = server;
    metrics = opened(new UdpNodeMetrics(server));
    metrics.bindTo(registry);
    return server;
  }

  private UdpNode server(Listener listener) throws IOException {
    return server(listener, NodeConfig.defaults(), null);
  }

  private UdpNode connectedClient(UdpNode server, Listener atServer) throws IOException {
    Listener atClient = new Listener();
    UdpNode client = opened(UdpNode.client(server.localAddress(), NodeConfig.defaults(), atClient));
    atClient.node = client;
    int before = atServer.connected;
    until(
        "connected",
        () -> atClient.connected == 1 && atServer.connected == before + 1,
        server,
        client);
    return client;
  }

  private double counter(String name) {
    FunctionCounter counter = registry.get(name).functionCounter();
    assertTrue(counter.getId().getBaseUnit() != null, name + " has a base unit");
    assertTrue(counter.getId().getDescription() != null, name + " has a description");
    return counter.count();
  }

  @Test
  void receivedCountsEveryDatagramRead() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = server(atServer);
    assertEquals(0, counter("herald.node.received"));
    UdpNode client = connectedClient(server, atServer);
    double afterHandshake = counter("herald.node.received");

    for (int i = 0; i < 3; i++) {
      client.send(client.server(), new byte[] {(byte) i});
    }
    until("delivered", () -> atServer.messages.size() == 3, client, server);

    assertTrue(afterHandshake >= 2, "the request and the response: " + afterHandshake);
    assertTrue(counter("herald.node.received") > afterHandshake);
    assertEquals(server.counters().datagramsReceived(), counter("herald.node.received"));
  }

  @Test
  void sentCountsEveryDatagramHandedToTheSocket() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = server(atServer);
    connectedClient(server, atServer);

    assertTrue(counter("herald.node.sent") >= 2, "the challenge and the accept");
    assertEquals(server.counters().datagramsSent(), counter("herald.node.sent"));
  }

  @Test
  void unknownCountsDatagramsFromNobody() throws IOException {
    UdpNode server = server(new Listener());
    try (RawPeer stranger = new RawPeer(server.localAddress())) {
      stranger.send(new byte[] {0, 1, 2});
      stranger.send(new byte[] {0, 3});
      until("read", () -> server.counters().unknownDatagrams() == 2, server);
    }

    assertEquals(2, counter("herald.node.unknown"));
  }

  @Test
  void sendFailedCountsDatagramsTheSocketRefused() throws IOException {
    // port 0 is no destination: the socket refuses the client's first request
    InetSocketAddress nowhere = new InetSocketAddress(ANY_PORT.getAddress(), 0);
    UdpNode client = opened(UdpNode.client(nowhere, NodeConfig.defaults(), new Listener()));
    opened(new UdpNodeMetrics(client)).bindTo(registry);

    assertEquals(1, counter("herald.node.send.failed"));
    assertEquals(client.counters().sendFailures(), counter("herald.node.send.failed"));
  }

  @Test
  void handshakesMalformedCountsControlPacketsOfNoKnownKind() throws IOException {
    UdpNode server = server(new Listener());
    try (RawPeer stranger = new RawPeer(server.localAddress())) {
      stranger.send(new byte[] {(byte) 0x8F});
      until("read", () -> server.counters().malformedHandshakes() == 1, server);
    }

    assertEquals(1, counter("herald.node.handshakes.malformed"));
  }

  @Test
  void challengesSentCountsEveryRequestAnswered() throws IOException {
    UdpNode server = server(new Listener());
    try (RawPeer stranger = new RawPeer(server.localAddress())) {
      stranger.responseFor(server, 1);
      stranger.responseFor(server, 2);
    }

    assertEquals(2, counter("herald.node.challenges.sent"));
  }

  @Test
  void cookiesBadCountsResponsesWithAForgedCookie() throws IOException {
    UdpNode server = server(new Listener());
    try (RawPeer stranger = new RawPeer(server.localAddress())) {
      byte[] forged = stranger.responseFor(server, 1);
      forged[30] ^= 1; // a bit of the cookie
      stranger.send(forged);
      until("judged", () -> server.counters().badCookies() == 1, server);
    }

    assertEquals(1, counter("herald.node.cookies.bad"));
  }

  @Test
  void cookiesReplayedCountsACookieUsedAgain() throws IOException {
    UdpNode server = server(new Listener());
    try (RawPeer client = new RawPeer(server.localAddress())) {
      byte[] response = client.responseFor(server, 1);
      long token = client.connect(server, response);
      client.send(RawPeer.withToken(RawPeer.DISCONNECT, token, 0));
      until("gone", () -> server.peers().isEmpty(), server);

      client.send(response);
      until("judged", () -> server.counters().replayedCookies() == 1, server);
    }

    assertEquals(1, counter("herald.node.cookies.replayed"));
  }

  @Test
  void cookiesStaleCountsACookieOlderThanTheConnectionsOwn() throws IOException {
    ManualTicker clock = new ManualTicker();
    UdpNode server = server(new Listener(), NodeConfig.defaults(), clock);
    try (RawPeer client = new RawPeer(server.localAddress())) {
      byte[] older = client.responseFor(server, 1);
      clock.advance(Duration.ofMillis(1));
      client.connect(server, client.responseFor(server, 2));

      client.send(older);
      client.await(server, RawPeer.CHALLENGE); // a fresh challenge instead
    }

    assertEquals(1, counter("herald.node.cookies.stale"));
  }

  @Test
  void acceptedCountsClientsThatCompletedTheHandshake() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = server(atServer);
    assertEquals(0, counter("herald.node.accepted"));

    connectedClient(server, atServer);
    connectedClient(server, atServer);

    assertEquals(2, counter("herald.node.accepted"));
  }

  @Test
  void refusedCountsClientsTurnedAwayByAFullServer() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = server(atServer, NodeConfig.defaults().withMaxPeers(1), null);
    connectedClient(server, atServer);
    Listener atSecond = new Listener();
    UdpNode second = opened(UdpNode.client(server.localAddress(), NodeConfig.defaults(), atSecond));

    until("refused", () -> !atSecond.reasons.isEmpty(), server, second);

    assertEquals(List.of(DisconnectReason.SERVER_FULL), atSecond.reasons);
    assertEquals(1, counter("herald.node.refused"));
  }

  @Test
  void replacedCountsPeersAClientFromTheSameAddressReplaced() throws IOException {
    ManualTicker clock = new ManualTicker();
    Listener atServer = new Listener();
    UdpNode server = server(atServer, NodeConfig.defaults(), clock);
    try (RawPeer client = new RawPeer(server.localAddress())) {
      client.connect(server, client.responseFor(server, 1));
      clock.advance(Duration.ofMillis(1)); // it crashed and came back
      client.connect(server, client.responseFor(server, 2));
    }

    assertEquals(List.of(DisconnectReason.REPLACED), atServer.reasons);
    assertEquals(1, counter("herald.node.replaced"));
  }

  @Test
  void protocolErrorsCountPacketsTheReliableLayerRejected() throws IOException {
    UdpNode server = server(new Listener());
    try (RawPeer client = new RawPeer(server.localAddress())) {
      long token = client.connect(server, client.responseFor(server, 1));
      client.send(RawPeer.withToken(0x00, token, 3)); // a header cut short
      until("rejected", () -> server.counters().protocolErrors() == 1, server);
    }

    assertEquals(1, counter("herald.node.protocol.errors"));
  }

  @Test
  void snapshotsStaleCountsASnapshotOlderThanOneRead() throws IOException {
    UdpNode server = server(new Listener());
    try (RawPeer client = new RawPeer(server.localAddress())) {
      long token = client.connect(server, client.responseFor(server, 1));
      client.send(snapshot(token, 5));
      client.send(snapshot(token, 3));
      until("read", () -> server.counters().staleSnapshots() == 1, server);
    }

    assertEquals(1, counter("herald.node.snapshots.stale"));
  }

  private static byte[] snapshot(long token, int sequence) {
    byte[] snapshot = RawPeer.withToken(RawPeer.SNAPSHOT, token, 4 + 1);
    for (int i = 0; i < 4; i++) {
      snapshot[9 + i] = (byte) (sequence >>> (24 - 8 * i));
    }
    return snapshot;
  }

  @Test
  void discardedCountsWhatAPacketHeldAfterItsPeerWasDisconnected() throws IOException {
    Listener atServer = new Listener();
    atServer.onMessage = Listener.OnMessage.DISCONNECT;
    UdpNode server = server(atServer);
    UdpNode client = connectedClient(server, atServer);

    client.send(client.server(), new byte[] {1});
    client.send(client.server(), new byte[] {2}); // in the same packet: sent at the next update
    until("read", () -> !atServer.reasons.isEmpty(), client, server);

    assertEquals(1, atServer.messages.size());
    assertEquals(1, counter("herald.node.discarded"));
  }

  @Test
  void unreadableCountsMessagesTheListenerReported() throws IOException {
    Listener atServer = new Listener();
    atServer.onMessage = Listener.OnMessage.REPORT_UNREADABLE;
    UdpNode server = server(atServer);
    UdpNode client = connectedClient(server, atServer);

    for (int i = 0; i < 3; i++) {
      client.send(client.server(), new byte[] {(byte) i});
    }
    until("read", () -> atServer.messages.size() == 3, client, server);

    assertEquals(3, counter("herald.node.unreadable"));
  }

  @Test
  void connectedGaugesThePeersConnectedNow() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = server(atServer);
    assertEquals(0, registry.get("herald.node.connected").gauge().value());
    UdpNode client = connectedClient(server, atServer);
    connectedClient(server, atServer);
    assertEquals(2, registry.get("herald.node.connected").gauge().value());

    client.disconnect(client.server());
    until("the server heard", () -> server.peers().size() == 1, server);

    assertEquals(1, registry.get("herald.node.connected").gauge().value());
  }

  @Test
  void peerRoundTripGaugesEachPeersSmoothedRoundTrip() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = server(atServer);
    UdpNode client = connectedClient(server, atServer);
    Peer peer = server.peers().get(0);
    String tag = UdpNodeMetrics.text(client.localAddress());

    server.send(peer, new byte[] {1});
    until("acknowledged", () -> peer.roundTrip() != null, server, client);
    metrics.refreshPeers();

    double nanos =
        registry
            .get("herald.node.peer.round.trip")
            .tag("peer", tag)
            .timeGauge()
            .value(TimeUnit.NANOSECONDS);
    // The time gauge keeps its base unit, seconds, so reading it back in nanoseconds may round.
    assertEquals(peer.roundTrip().toNanos(), nanos, 1.0);
    assertTrue(nanos > 0);
  }

  @Test
  void peerSentCountsThePacketsSentToEachPeer() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = server(atServer);
    UdpNode client = connectedClient(server, atServer);
    metrics.refreshPeers();
    Peer peer = server.peers().get(0);
    String tag = UdpNodeMetrics.text(client.localAddress());
    double before = peerCounter("herald.node.peer.sent", tag);

    for (int i = 0; i < 3; i++) {
      long heard = client.counters().datagramsReceived();
      server.send(peer, new byte[] {(byte) i});
      until("it arrived", () -> client.counters().datagramsReceived() > heard, server, client);
    }

    assertTrue(peerCounter("herald.node.peer.sent", tag) >= before + 3);
    synchronized (server) {
      assertEquals(peer.counters().packetsSent(), peerCounter("herald.node.peer.sent", tag));
    }
  }

  private double peerCounter(String name, String peer) {
    return registry.get(name).tag("peer", peer).functionCounter().count();
  }

  /** A client sends through a relay that loses a fifth of the datagrams each way. */
  private UdpNode clientSendingThroughALossyLink(int messages) throws IOException {
    Listener atServer = new Listener();
    UdpNode server = opened(UdpNode.server(ANY_PORT, NodeConfig.defaults(), atServer));
    LossyRelay relay =
        opened(
            LossyRelay.start(
                server.localAddress(), LinkConditions.perfect().withLoss(0.2), 20260101L));
    Listener atClient = new Listener();
    UdpNode client = opened(UdpNode.client(relay.address(), NodeConfig.defaults(), atClient));
    metrics = opened(new UdpNodeMetrics(client));
    metrics.bindTo(registry);
    until("connected", () -> atClient.connected == 1, client, server);
    metrics.refreshPeers();
    for (int i = 0; i < messages; i++) {
      client.send(client.server(), new byte[] {(byte) i});
      client.update(); // a packet each
      server.update();
    }
    until("delivered", () -> atServer.messages.size() == messages, client, server);
    return client;
  }

  @Test
  void peerLostCountsThePacketsDeclaredLost() throws IOException {
    UdpNode client = clientSendingThroughALossyLink(300);
    String tag = UdpNodeMetrics.text(client.server().address());

    double lost = peerCounter("herald.node.peer.lost", tag);
    assertTrue(lost > 0, "a fifth of the packets were lost: " + lost);
    synchronized (client) {
      assertEquals(client.server().counters().packetsLost(), lost);
    }
  }

  @Test
  void peerLossGaugesTheShareOfPacketsLost() throws IOException {
    UdpNode client = clientSendingThroughALossyLink(300);
    String tag = UdpNodeMetrics.text(client.server().address());

    double loss = registry.get("herald.node.peer.loss").tag("peer", tag).gauge().value();
    assertTrue(loss > 0 && loss < 1, "loss " + loss);
    synchronized (client) {
      assertEquals(
          (double) client.server().counters().packetsLost()
              / client.server().counters().packetsSent(),
          loss);
    }
  }

  @Test
  void peerRetransmittedCountsTheMessagesWrittenAgain() throws IOException {
    UdpNode client = clientSendingThroughALossyLink(300);
    String tag = UdpNodeMetrics.text(client.server().address());

    double retransmitted = peerCounter("herald.node.peer.retransmitted", tag);
    assertTrue(retransmitted > 0, "retransmitted " + retransmitted);
    synchronized (client) {
      assertEquals(client.server().counters().retransmissions(), retransmitted);
    }
  }

  @Test
  void aPeersMetersGoWithIt() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = server(atServer);
    UdpNode first = connectedClient(server, atServer);
    UdpNode second = connectedClient(server, atServer);
    metrics.refreshPeers();
    assertEquals(2, peerTags("herald.node.peer.loss").size());

    first.disconnect(first.server());
    until("the server heard", () -> server.peers().size() == 1, server);
    metrics.refreshPeers();

    assertEquals(
        List.of(UdpNodeMetrics.text(second.localAddress())), peerTags("herald.node.peer.loss"));
    for (String name :
        List.of(
            "herald.node.peer.round.trip",
            "herald.node.peer.sent",
            "herald.node.peer.lost",
            "herald.node.peer.retransmitted")) {
      assertEquals(1, registry.find(name).meters().size(), name);
    }
  }

  @Test
  void aPeerThatConnectsGetsItsMetersWithinTheRefreshInterval() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = opened(UdpNode.server(ANY_PORT, NodeConfig.defaults(), atServer));
    opened(new UdpNodeMetrics(server, Tags.empty(), Duration.ofMillis(10))).bindTo(registry);
    UdpNode client = connectedClient(server, atServer);
    String tag = UdpNodeMetrics.text(client.localAddress());

    long deadline = System.nanoTime() + Loopback.PATIENCE.toNanos();
    while (registry.find("herald.node.peer.sent").tag("peer", tag).functionCounter() == null) {
      if (System.nanoTime() - deadline > 0) {
        fail("the refresh never registered the peer's meters");
      }
      Thread.onSpinWait();
    }
  }

  @Test
  void closingRemovesThePeersMetersAndKeepsTheNodes() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = opened(UdpNode.server(ANY_PORT, NodeConfig.defaults(), atServer));
    UdpNodeMetrics metrics = new UdpNodeMetrics(server, Tags.of("node", "lobby"));
    metrics.bindTo(registry);
    connectedClient(server, atServer);
    metrics.refreshPeers();
    assertNotNull(registry.find("herald.node.peer.sent").functionCounter());

    metrics.close();

    assertNull(registry.find("herald.node.peer.sent").functionCounter());
    assertEquals(
        1, registry.get("herald.node.accepted").tag("node", "lobby").functionCounter().count());
    SimpleMeterRegistry another = new SimpleMeterRegistry();
    assertThrows(IllegalStateException.class, () -> metrics.bindTo(another));
    assertTrue(another.getMeters().isEmpty(), "nothing bound to a registry after the close");
  }

  @Test
  void aBinderClosedWhileItBindsLeavesNoRefreshThreadNorPeerMeters() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = opened(UdpNode.server(ANY_PORT, NodeConfig.defaults(), atServer));
    connectedClient(server, atServer);
    UdpNodeMetrics metrics = new UdpNodeMetrics(server, Tags.of("node", "closing"));
    // another thread's close, at the moment the binder registers the node's own meters
    registry.config().onMeterAdded(meter -> metrics.close());

    metrics.bindTo(registry);

    assertNull(registry.find("herald.node.peer.sent").functionCounter());
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      assertTrue(
          !thread.getName().startsWith("herald-micrometer peers of ")
              || !thread.getName().contains(server.localAddress() + ",")
              || !thread.isAlive(),
          "a closed binder's refresh thread runs: " + thread);
    }
  }

  @Test
  void closingOneOfTwoBindersOfANodeLeavesTheOthersPeerMetersWorking() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = opened(UdpNode.server(ANY_PORT, NodeConfig.defaults(), atServer));
    UdpNodeMetrics first = opened(new UdpNodeMetrics(server));
    first.bindTo(registry);
    UdpNodeMetrics second = opened(new UdpNodeMetrics(server));
    second.bindTo(registry);
    UdpNode early = connectedClient(server, atServer);
    first.refreshPeers();
    second.refreshPeers();

    first.close();
    second.refreshPeers();
    UdpNode late = connectedClient(server, atServer);
    second.refreshPeers();

    for (UdpNode client : List.of(early, late)) {
      Peer peer = peerAt(server, client.localAddress());
      FunctionCounter sent =
          registry
              .find("herald.node.peer.sent")
              .tag("peer", UdpNodeMetrics.text(client.localAddress()))
              .functionCounter();
      assertNotNull(sent, "the second binder's meter of " + client.localAddress());
      assertEquals(peer.counters().packetsSent(), sent.count());
    }
    second.close();
    assertNull(registry.find("herald.node.peer.sent").functionCounter(), "the last one removes");
  }

  @Test
  void bindingAndClosingManyBindersOfANodeLeavesOnlyTheOpenOnesMeters() throws IOException {
    Listener atServer = new Listener();
    UdpNode server = opened(UdpNode.server(ANY_PORT, NodeConfig.defaults(), atServer));
    connectedClient(server, atServer);
    UdpNodeMetrics kept = opened(new UdpNodeMetrics(server));
    kept.bindTo(registry);
    kept.bindTo(registry);

    for (int i = 0; i < 20; i++) {
      UdpNodeMetrics passing = new UdpNodeMetrics(server);
      passing.bindTo(registry);
      passing.bindTo(registry);
      passing.close();
      passing.close();
      assertEquals(1, registry.find("herald.node.peer.sent").functionCounters().size(), "" + i);
    }
    kept.close();
    assertNull(registry.find("herald.node.peer.sent").functionCounter());
  }

  @Test
  void twoBindersOfANodeReadAPeerThatReplacedOneFromTheSameAddress() throws IOException {
    ManualTicker clock = new ManualTicker();
    UdpNode server = opened(UdpNode.server(ANY_PORT, NodeConfig.defaults(), new Listener(), clock));
    UdpNodeMetrics first = opened(new UdpNodeMetrics(server));
    first.bindTo(registry);
    UdpNodeMetrics second = opened(new UdpNodeMetrics(server));
    second.bindTo(registry);
    try (RawPeer client = new RawPeer(server.localAddress())) {
      client.connect(server, client.responseFor(server, 1));
      first.refreshPeers();
      second.refreshPeers();
      clock.advance(Duration.ofMillis(1)); // it crashed and came back
      client.connect(server, client.responseFor(server, 2));
      first.refreshPeers();
      second.refreshPeers();
      Peer peer = server.peers().get(0);
      for (int i = 0; i < 5; i++) {
        server.send(peer, new byte[] {(byte) i});
      }
      server.update();

      assertEquals(1, registry.find("herald.node.peer.sent").meters().size());
      assertEquals(
          peer.counters().packetsSent(),
          registry.get("herald.node.peer.sent").functionCounter().count());
      first.close();
      assertEquals(
          peer.counters().packetsSent(),
          registry.get("herald.node.peer.sent").functionCounter().count());
    }
  }

  private static Peer peerAt(UdpNode server, InetSocketAddress address) {
    for (Peer peer : server.peers()) {
      if (peer.address().equals(address)) {
        return peer;
      }
    }
    throw new AssertionError("no peer at " + address);
  }

  @Test
  void aRefreshIntervalThatIsNotPositiveIsRefused() throws IOException {
    UdpNode server = opened(UdpNode.server(ANY_PORT, NodeConfig.defaults(), new Listener()));
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> new UdpNodeMetrics(server, Tags.empty(), Duration.ZERO));
    assertTrue(refused.getMessage().contains("peerRefresh"), refused.getMessage());
  }

  private List<String> peerTags(String name) {
    List<String> peers = new ArrayList<>();
    for (Meter meter : registry.find(name).meters()) {
      peers.add(meter.getId().getTag("peer"));
    }
    return peers;
  }
}
