package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.Drive;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.RawClient;
import dev.herald.net.udp.Recorder;
import dev.herald.net.udp.UdpNode;
import dev.herald.testing.FlightRecording;
import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * The flight recorder events of a UDP node, each recorded from real sockets on the loopback
 * interface, dumped, and read back field by field.
 */
class NodeFlightEventsTest {

  private static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  private static String text(InetSocketAddress address) {
    return address.getAddress().getHostAddress() + ":" + address.getPort();
  }

  @Test
  void aPeerThatConnectsIsRecordedOnBothSides() throws IOException {
    try (FlightRecording recording = new FlightRecording("dev.herald.net.PeerConnected");
        UdpNode server = UdpNode.server(LOOPBACK, NodeConfig.defaults(), new Recorder());
        UdpNode client =
            UdpNode.client(server.localAddress(), NodeConfig.defaults(), new Recorder())) {
      Drive.until(
          "connected",
          () -> client.server().isConnected() && server.peers().size() == 1,
          server,
          client);

      List<RecordedEvent> events = recording.stop("dev.herald.net.PeerConnected");

      assertEquals(2, events.size(), events.toString());
      RecordedEvent atServer = of(events, server);
      assertEquals("server", atServer.getString("nodeRole"));
      assertEquals(text(client.localAddress()), atServer.getString("peerAddress"));
      assertEquals(server.peers().get(0).id(), atServer.getLong("peerId"));
      RecordedEvent atClient = of(events, client);
      assertEquals("client", atClient.getString("nodeRole"));
      assertEquals(text(server.localAddress()), atClient.getString("peerAddress"));
      assertEquals(client.server().id(), atClient.getLong("peerId"));
      assertEquals("Herald", atClient.getEventType().getCategoryNames().get(0));
      assertEquals("Peer Connected", atClient.getEventType().getLabel());
    }
  }

  @Test
  void aPeerThatLeavesIsRecordedWithTheReasonOnBothSides() throws IOException {
    try (FlightRecording recording = new FlightRecording("dev.herald.net.PeerDisconnected");
        UdpNode server = UdpNode.server(LOOPBACK, NodeConfig.defaults(), new Recorder());
        UdpNode client =
            UdpNode.client(server.localAddress(), NodeConfig.defaults(), new Recorder())) {
      Drive.until(
          "connected",
          () -> client.server().isConnected() && server.peers().size() == 1,
          server,
          client);
      Peer clientAtServer = server.peers().get(0);

      client.disconnect(client.server());
      Drive.until("the server heard the goodbye", () -> server.peers().isEmpty(), server);
      List<RecordedEvent> events = recording.stop("dev.herald.net.PeerDisconnected");

      assertEquals(2, events.size(), events.toString());
      RecordedEvent atClient = of(events, client);
      assertEquals("client", atClient.getString("nodeRole"));
      assertEquals(text(server.localAddress()), atClient.getString("peerAddress"));
      assertEquals(client.server().id(), atClient.getLong("peerId"));
      assertEquals("CLOSED_HERE", atClient.getString("reason"));
      assertNull(atClient.getString("connectionError"));
      assertTrue(atClient.getBoolean("wasConnected"));
      assertEquals(0, atClient.getLong("unreadableMessages"));
      RecordedEvent atServer = of(events, server);
      assertEquals("server", atServer.getString("nodeRole"));
      assertEquals(text(client.localAddress()), atServer.getString("peerAddress"));
      assertEquals(clientAtServer.id(), atServer.getLong("peerId"));
      assertEquals("CLOSED_BY_PEER", atServer.getString("reason"));
      assertTrue(atServer.getBoolean("wasConnected"));
    }
  }

  @Test
  void aPeerThatFellSilentIsRecordedWithTheConnectionsError() throws IOException {
    ManualTicker clock = new ManualTicker();
    try (FlightRecording recording = new FlightRecording("dev.herald.net.PeerDisconnected");
        UdpNode server = UdpNode.server(LOOPBACK, NodeConfig.defaults(), new Recorder(), clock);
        UdpNode client =
            UdpNode.client(server.localAddress(), NodeConfig.defaults(), new Recorder(), clock)) {
      Drive.until(
          "connected",
          () -> client.server().isConnected() && server.peers().size() == 1,
          server,
          client);

      // the client stops updating, so sends nothing; the server's clock passes its timeout
      clock.advance(NodeConfig.defaults().connection().connectionTimeout().plusSeconds(1));
      Drive.until("the server gave up", () -> server.peers().isEmpty(), server);
      List<RecordedEvent> events = recording.stop("dev.herald.net.PeerDisconnected");

      assertEquals(1, events.size(), events.toString());
      RecordedEvent atServer = events.get(0);
      assertEquals(text(server.localAddress()), atServer.getString("nodeAddress"));
      assertEquals(text(client.localAddress()), atServer.getString("peerAddress"));
      assertEquals(DisconnectReason.TIMED_OUT.name(), atServer.getString("reason"));
      assertEquals(ConnectionError.PEER_SILENT.name(), atServer.getString("connectionError"));
      assertTrue(atServer.getBoolean("wasConnected"));
    }
  }

  @Test
  void aClientWhoseServerNeverAnsweredIsRecordedAsNeverConnected() throws IOException {
    ManualTicker clock = new ManualTicker();
    try (RawClient silent = new RawClient(new InetSocketAddress(LOOPBACK.getAddress(), 9));
        FlightRecording recording = new FlightRecording("dev.herald.net.PeerDisconnected");
        UdpNode client =
            UdpNode.client(silent.address(), NodeConfig.defaults(), new Recorder(), clock)) {
      clock.advance(NodeConfig.defaults().handshakeTimeout().plus(Duration.ofMillis(100)));
      client.update();
      List<RecordedEvent> events = recording.stop("dev.herald.net.PeerDisconnected");

      assertEquals(1, events.size(), events.toString());
      RecordedEvent atClient = events.get(0);
      assertEquals(text(client.localAddress()), atClient.getString("nodeAddress"));
      assertEquals("client", atClient.getString("nodeRole"));
      assertEquals(text(silent.address()), atClient.getString("peerAddress"));
      assertEquals("HANDSHAKE_TIMED_OUT", atClient.getString("reason"));
      assertFalse(atClient.getBoolean("wasConnected"));
    }
  }

  @Test
  void eachMessageTheListenerReportsUnreadableIsRecordedWithItsReason() throws IOException {
    Reporting reporting = new Reporting();
    try (FlightRecording recording = new FlightRecording("dev.herald.net.UnreadableMessage");
        UdpNode server = UdpNode.server(LOOPBACK, NodeConfig.defaults(), reporting);
        UdpNode client =
            UdpNode.client(server.localAddress(), NodeConfig.defaults(), new Recorder())) {
      reporting.node = server;
      Drive.until(
          "connected",
          () -> client.server().isConnected() && server.peers().size() == 1,
          server,
          client);

      client.send(client.server(), new byte[] {1});
      client.send(client.server(), new byte[] {2});
      Drive.until(
          "both reported", () -> server.counters().unreadableMessages() == 2, server, client);
      List<RecordedEvent> events = recording.stop("dev.herald.net.UnreadableMessage");

      assertEquals(2, events.size(), events.toString());
      List<String> reasons = new ArrayList<>();
      List<Long> counts = new ArrayList<>();
      for (RecordedEvent event : events) {
        assertEquals(text(server.localAddress()), event.getString("nodeAddress"));
        assertEquals(text(client.localAddress()), event.getString("peerAddress"));
        assertEquals(server.peers().get(0).id(), event.getLong("peerId"));
        reasons.add(event.getString("reason"));
        counts.add(event.getLong("unreadableMessages"));
      }
      assertTrue(
          reasons.containsAll(List.of("no codec for type 1", "no codec for type 2")),
          reasons.toString());
      assertTrue(counts.containsAll(List.of(1L, 2L)), counts.toString());
    }
  }

  @Test
  void aPacketThatBreaksTheProtocolIsRecordedWithTheError() throws IOException {
    try (FlightRecording recording = new FlightRecording("dev.herald.net.ProtocolError");
        UdpNode server = UdpNode.server(LOOPBACK, NodeConfig.defaults(), new Recorder());
        RawClient raw = new RawClient(server.localAddress())) {
      long token = raw.connect(server, 97);
      Peer peer = server.peers().get(0);

      raw.send(TestPackets.packet(0).token(token).message(5, new byte[] {42}, 5).bytes());
      Drive.until("rejected", () -> server.counters().protocolErrors() == 1, server);
      List<RecordedEvent> events = recording.stop("dev.herald.net.ProtocolError");

      assertEquals(1, events.size(), events.toString());
      RecordedEvent event = events.get(0);
      assertEquals(text(server.localAddress()), event.getString("nodeAddress"));
      assertEquals(text(raw.address()), event.getString("peerAddress"));
      assertEquals(peer.id(), event.getLong("peerId"));
      assertEquals(ProtocolError.SELF_DEPENDENCY.name(), event.getString("error"));
      assertTrue(
          event.getString("detail").startsWith(ProtocolError.SELF_DEPENDENCY.description()),
          event.getString("detail"));
      assertTrue(peer.isConnected(), "one broken packet ends nothing");
    }
  }

  /** The event of {@code events} recorded by {@code node}. */
  private static RecordedEvent of(List<RecordedEvent> events, UdpNode node) {
    String address = text(node.localAddress());
    for (RecordedEvent event : events) {
      if (address.equals(event.getString("nodeAddress"))) {
        return event;
      }
    }
    throw new AssertionError("no event of the node at " + address + " in " + events);
  }

  /** Reports every message unreadable, naming its first byte as a type nobody knows. */
  private static final class Reporting implements PeerListener {
    UdpNode node;

    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      node.reportUnreadable(peer, "no codec for type " + payload[0]);
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {}
  }
}
