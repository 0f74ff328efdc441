package dev.herald.peers;

import static dev.herald.peers.UdpBridgeTest.CODECS;
import static dev.herald.peers.UdpBridgeTest.LOOPBACK;
import static dev.herald.peers.UnreadableMessagesTest.UNKNOWN_TYPE;
import static dev.herald.peers.UnreadableMessagesTest.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.UdpNode;
import dev.herald.testing.FlightRecording;
import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * What a networked bus shows a flight recording: its node's events, with the addresses the bus's
 * own {@link PeerConnected} and {@link PeerDisconnected} messages carry, and each message that did
 * not decode with the bridge's reason.
 */
class BridgeFlightEventsTest {

  private static String text(InetSocketAddress address) {
    return address.getAddress().getHostAddress() + ":" + address.getPort();
  }

  @Test
  void peersThatComeAndGoAreRecordedAsTheBusHearsOfThem() throws IOException {
    MessageBus serverBus = MessageBus.create();
    MessageBus clientBus = MessageBus.create();
    Inbox atServer = new Inbox();
    serverBus.register(atServer);
    try (FlightRecording recording =
            new FlightRecording("dev.herald.net.PeerConnected", "dev.herald.net.PeerDisconnected");
        UdpBridge server = UdpBridge.server(serverBus, CODECS, LOOPBACK, NodeConfig.defaults());
        UdpBridge client =
            UdpBridge.client(
                clientBus, CODECS, server.node().localAddress(), NodeConfig.defaults())) {
      until("connected", () -> atServer.connected.size() == 1, server::update, client::update);
      client.disconnect(client.server());
      until("the server heard", () -> atServer.disconnected.size() == 1, server::update);

      recording.stop();
      List<RecordedEvent> connected = recording.events("dev.herald.net.PeerConnected");
      List<RecordedEvent> disconnected = recording.events("dev.herald.net.PeerDisconnected");

      RecordedEvent came = at(connected, server.node());
      assertEquals(text(atServer.connected.get(0).socketAddress()), came.getString("peerAddress"));
      assertEquals("server", came.getString("nodeRole"));
      RecordedEvent went = at(disconnected, server.node());
      assertEquals(came.getLong("peerId"), went.getLong("peerId"));
      assertEquals(atServer.disconnected.get(0).reason().name(), went.getString("reason"));
      assertEquals(DisconnectReason.CLOSED_BY_PEER.name(), went.getString("reason"));
      assertEquals("CLOSED_HERE", at(disconnected, client.node()).getString("reason"));
    }
  }

  @Test
  void eachMessageThatDoesNotDecodeIsRecordedUntilThePeerIsDropped() throws IOException {
    ManualTicker clock = new ManualTicker();
    MessageBus bus = MessageBus.builder().ticker(clock).build();
    Inbox atServer = new Inbox();
    bus.register(atServer);
    UnreadableMessagesTest.RawPeer atClient = new UnreadableMessagesTest.RawPeer();
    NodeConfig config = NodeConfig.defaults().withMaxUnreadableMessages(2);
    try (FlightRecording recording =
            new FlightRecording(
                "dev.herald.net.UnreadableMessage", "dev.herald.net.PeerDisconnected");
        UdpBridge server = UdpBridge.server(bus, CODECS, LOOPBACK, config);
        UdpNode client =
            UdpNode.client(server.node().localAddress(), NodeConfig.defaults(), atClient, clock)) {
      until("connected", () -> atServer.connected.size() == 1, server::update, client::update);
      for (int i = 0; i < 3; i++) {
        client.send(client.server(), UNKNOWN_TYPE);
      }
      until(
          "the client was dropped",
          () -> !atServer.disconnected.isEmpty(),
          client::update,
          server::update);

      recording.stop();
      List<RecordedEvent> unreadable = recording.events("dev.herald.net.UnreadableMessage");
      assertEquals(3, unreadable.size(), unreadable.toString());
      for (int i = 0; i < 3; i++) {
        RecordedEvent event = unreadable.get(i);
        assertEquals(text(client.localAddress()), event.getString("peerAddress"));
        assertEquals(text(server.node().localAddress()), event.getString("nodeAddress"));
        assertTrue(
            event.getString("reason").startsWith("a message did not decode: "),
            event.getString("reason"));
        assertEquals(i + 1, event.getLong("unreadableMessages"));
      }
      RecordedEvent dropped =
          at(recording.events("dev.herald.net.PeerDisconnected"), server.node());
      assertEquals(DisconnectReason.UNREADABLE_MESSAGES.name(), dropped.getString("reason"));
      assertEquals(3, dropped.getLong("unreadableMessages"));
    }
  }

  private static RecordedEvent at(List<RecordedEvent> events, UdpNode node) {
    String address = text(node.localAddress());
    for (RecordedEvent event : events) {
      if (address.equals(event.getString("nodeAddress"))) {
        return event;
      }
    }
    throw new AssertionError("no event of the node at " + address + " in " + events);
  }
}
