package dev.herald.peers;

import static dev.herald.peers.UdpBridgeTest.CODECS;
import static dev.herald.peers.UdpBridgeTest.LOOPBACK;
import static dev.herald.peers.UdpBridgeTest.until;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.Address;
import dev.herald.Envelope;
import dev.herald.MessageBus;
import dev.herald.Registration;
import dev.herald.annotation.Subscribe;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A handler that ends the connection its message came on (a kick, a quit) while the same packet
 * holds more messages: the update goes on, and the messages behind the goodbye are discarded and
 * counted.
 */
class DisconnectInAHandlerTest {

  private final MessageBus serverBus = MessageBus.create();
  private final Inbox atServer = new Inbox();
  private final MessageBus clientBus = MessageBus.create();
  private final Inbox atClient = new Inbox();
  private final UdpBridge server;
  private final UdpBridge client;
  private final Registration clientSide;
  private final Registration serverSide;

  DisconnectInAHandlerTest() throws IOException {
    serverSide = serverBus.register(atServer);
    clientSide = clientBus.register(atClient);
    server = UdpBridge.server(serverBus, CODECS, LOOPBACK, NodeConfig.defaults());
    client =
        UdpBridge.client(clientBus, CODECS, server.node().localAddress(), NodeConfig.defaults());
    until(
        "connected",
        () -> atServer.connected.size() == 1 && atClient.connected.size() == 1,
        server,
        client);
  }

  @AfterEach
  void close() {
    client.close();
    server.close();
  }

  /** Kicks whoever says hello. */
  static final class Bouncer {
    final UdpBridge net;

    Bouncer(UdpBridge net) {
      this.net = net;
    }

    @Subscribe
    void on(Messages.Hello hello, Envelope envelope) {
      net.disconnect(envelope.from());
    }
  }

  /** Quits on hello. */
  static final class Quitter {
    final UdpBridge net;

    Quitter(UdpBridge net) {
      this.net = net;
    }

    @Subscribe
    void on(Messages.Hello hello) {
      net.close();
    }
  }

  @Test
  void serverHandlerThatKicksThePeerLeavesTheUpdateWholeAndDiscardsTheRestOfThePacket() {
    serverBus.register(new Bouncer(server));
    Address peer = atServer.connected.get(0).peer();
    clientSide.send(client.server(), new Messages.Hello("kick me"));
    clientSide.send(
        client.server(), new Messages.Spawn(1)); // the same packet: both leave at the next update
    clientSide.send(client.server(), new Messages.Spawn(2));
    client.update();

    until("the server kicked the client", () -> !atServer.disconnected.isEmpty(), server, client);
    assertDoesNotThrow(server::update);

    assertEquals(
        List.of(new PeerDisconnected(peer, DisconnectReason.CLOSED_HERE)), atServer.disconnected);
    assertEquals(0, atServer.count(Messages.Spawn.class), "nothing behind the kick is posted");
    assertEquals(2, server.node().counters().discardedAfterDisconnect());
    until("the client heard the goodbye", () -> !atClient.disconnected.isEmpty(), server, client);
    assertEquals(DisconnectReason.CLOSED_BY_PEER, atClient.disconnected.get(0).reason());
  }

  @Test
  void clientHandlerThatClosesTheBusLeavesTheUpdateWhole() {
    clientBus.register(new Quitter(client));
    Address peer = atServer.connected.get(0).peer();
    serverSide.send(peer, new Messages.Hello("bye"));
    serverSide.send(peer, new Messages.Spawn(1));
    server.update();

    until("the client closed", () -> client.node().isClosed(), client, server);
    assertDoesNotThrow(client::update);

    assertEquals(0, atClient.count(Messages.Spawn.class), "nothing behind the close is posted");
    assertEquals(1, client.node().counters().discardedAfterDisconnect());
    assertEquals(DisconnectReason.CLOSED_HERE, atClient.disconnected.get(0).reason());
    until("the server heard the goodbye", () -> !atServer.disconnected.isEmpty(), server);
    assertEquals(DisconnectReason.CLOSED_BY_PEER, atServer.disconnected.get(0).reason());
  }

  @Test
  void updatesAfterAKickStillReadOtherPeers() throws IOException {
    serverBus.register(new Bouncer(server));
    MessageBus secondBus = MessageBus.create();
    Inbox atSecond = new Inbox();
    secondBus.register(atSecond);
    try (UdpBridge second =
        UdpBridge.client(secondBus, CODECS, server.node().localAddress(), NodeConfig.defaults())) {
      until("second connected", () -> atSecond.connected.size() == 1, server, second);
      clientSide.send(client.server(), new Messages.Hello("kick me"));
      clientSide.send(client.server(), new Messages.Spawn(1));
      client.update();
      second.send(second.server(), new Messages.Spawn(2));
      second.update();

      until(
          "the kick and the second's spawn",
          () -> atServer.disconnected.size() == 1 && atServer.count(Messages.Spawn.class) == 1,
          server,
          client,
          second);
      assertEquals(new Messages.Spawn(2), atServer.messages.get(atServer.messages.size() - 1));
      assertTrue(server.node().counters().discardedAfterDisconnect() >= 1);
    }
  }
}
