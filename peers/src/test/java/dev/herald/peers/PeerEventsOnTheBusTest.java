package dev.herald.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.herald.Address;
import dev.herald.MessageBus;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * docs/peers.md, "Peers come and go as messages": {@link PeerConnected} and {@link
 * PeerDisconnected}, with their reasons, reach a listener registered on a real bus, over loopback
 * sockets, on a clock the test moves. (The clean goodbye on both sides is in {@link
 * UdpBridgeTest}.)
 */
class PeerEventsOnTheBusTest {
  private final ManualTicker clock = new ManualTicker();
  private final MessageBus serverBus = MessageBus.builder().ticker(clock).build();
  private final Inbox atServer = new Inbox();
  private final UdpBridge server;

  PeerEventsOnTheBusTest() throws IOException {
    serverBus.register(atServer);
    server =
        UdpBridge.server(
            serverBus,
            UdpBridgeTest.CODECS,
            UdpBridgeTest.LOOPBACK,
            NodeConfig.defaults().withMaxPeers(1));
  }

  @AfterEach
  void close() {
    server.close();
  }

  private UdpBridge client(Inbox inbox) throws IOException {
    return client(inbox, server.node().localAddress());
  }

  private UdpBridge client(Inbox inbox, InetSocketAddress serverAddress) throws IOException {
    MessageBus bus = MessageBus.builder().ticker(clock).build();
    bus.register(inbox);
    return UdpBridge.client(bus, UdpBridgeTest.CODECS, serverAddress, NodeConfig.defaults());
  }

  @Test
  void aPeerThatFallsSilentIsATimedOutPeerDisconnectedOnTheBus() throws IOException {
    Inbox atClient = new Inbox();
    try (UdpBridge client = client(atClient)) {
      UdpBridgeTest.until("connected", () -> atServer.connected.size() == 1, server, client);
      Address peer = atServer.connected.get(0).peer();
      assertEquals(List.of(peer), server.peers());

      clock.advance(NodeConfig.defaults().connection().connectionTimeout());
      server.update(); // the client is never updated again: it sends nothing

      assertEquals(
          List.of(new PeerDisconnected(peer, DisconnectReason.TIMED_OUT)), atServer.disconnected);
      assertEquals(List.of(), server.peers());
    }
  }

  @Test
  void aClientPastTheServersMaximumHearsServerFullOnItsBus() throws IOException {
    Inbox first = new Inbox();
    Inbox second = new Inbox();
    try (UdpBridge in = client(first);
        UdpBridge refused = client(second)) {
      UdpBridgeTest.until("the first is in", () -> first.connected.size() == 1, server, in);
      UdpBridgeTest.until(
          "the second is refused", () -> second.disconnected.size() == 1, server, in, refused);

      assertEquals(List.of(), second.connected);
      assertEquals(DisconnectReason.SERVER_FULL, second.disconnected.get(0).reason());
      assertNull(refused.server());
      assertEquals(1, atServer.connected.size(), "the server posted only the first");
    }
  }

  @Test
  void aClientWhoseServerNeverAnswersHearsHandshakeTimedOutOnItsBus() throws IOException {
    Inbox atClient = new Inbox();
    try (DatagramChannel silent = DatagramChannel.open().bind(UdpBridgeTest.LOOPBACK);
        UdpBridge client = client(atClient, (InetSocketAddress) silent.getLocalAddress())) {
      client.update();
      clock.advance(NodeConfig.defaults().handshakeTimeout());
      client.update();

      assertEquals(List.of(), atClient.connected);
      assertEquals(1, atClient.disconnected.size(), atClient.disconnected.toString());
      assertEquals(DisconnectReason.HANDSHAKE_TIMED_OUT, atClient.disconnected.get(0).reason());
    }
  }
}
