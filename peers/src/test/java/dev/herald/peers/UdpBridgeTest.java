package dev.herald.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.Address;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Registration;
import dev.herald.net.MessageDependency;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.wire.CodecRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Two processes' buses, in one, over loopback UDP: peers are addresses. */
class UdpBridgeTest {

  static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
  static final CodecRegistry CODECS = CodecRegistry.load();

  private final MessageBus serverBus = MessageBus.create();
  private final Inbox atServer = new Inbox();
  private final Registration serverSide = serverBus.register(atServer);
  private final UdpBridge server;
  private final MessageBus clientBus = MessageBus.create();
  private final Inbox atClient = new Inbox();
  private final Registration clientSide = clientBus.register(atClient);
  private final UdpBridge client;

  UdpBridgeTest() throws IOException {
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

  static void until(String what, BooleanSupplier done, UdpBridge... nodes) {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!done.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        fail("gave up waiting until " + what);
      }
      for (UdpBridge node : nodes) {
        node.update();
      }
      try {
        nodes[0].node().awaitDatagram(java.time.Duration.ofMillis(2));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  @Test
  void connectionIsAMessageFromThePeer() {
    PeerConnected connected = atServer.connected.get(0);
    assertTrue(connected.peer().isRemote());
    assertEquals(List.of(connected.peer()), server.peers());
    assertSame(client.server(), atClient.connected.get(0).peer());
    assertEquals(client.node().localAddress(), connected.socketAddress());
  }

  @Test
  void messageSentToAPeerArrivesFromThatPeerAndCanBeAnsweredThroughTheEnvelope() {
    clientSide.send(client.server(), new Messages.Hello("client"));
    until("the hello arrived", () -> atServer.count(Messages.Hello.class) == 1, server, client);

    assertEquals(new Messages.Hello("client"), atServer.messages.get(0));
    Address sender = atServer.envelopes.get(0).from();
    assertSame(atServer.connected.get(0).peer(), sender, "from() names the connection it came on");

    serverSide.send(sender, new Messages.Hello("server"));
    until("the answer arrived", () -> atClient.count(Messages.Hello.class) == 1, server, client);
    assertSame(client.server(), atClient.envelopes.get(0).from());
  }

  @Test
  void anonymousPostWithAHeaderReachesThePeerToo() {
    clientBus.post(new Messages.Spawn(7), Header.to(client.server()));
    until("the spawn arrived", () -> atServer.count(Messages.Spawn.class) == 1, server, client);
    assertEquals(new Messages.Spawn(7), atServer.messages.get(0));
  }

  @Test
  void typeWithoutACodecFailsTheSendAtOnce() {
    IllegalArgumentException thrown =
        assertThrows(
            IllegalArgumentException.class,
            () -> clientSide.send(client.server(), new Messages.LocalOnly(1)));
    assertTrue(thrown.getMessage().contains("is not a registered wire type"), thrown.getMessage());
  }

  @Test
  void localPostsStayLocal() {
    assertEquals(1, clientBus.post(new Messages.Hello("only here")));
    client.update();

    assertEquals(1, atClient.count(Messages.Hello.class));
    assertEquals(
        0, client.node().server().counters().messagesSent(), "nothing left for the server");
  }

  @Test
  void laterMessagesCanDependOnEarlierOnes() {
    Address peer = atServer.connected.get(0).peer();
    MessageDependency spawn = server.send(peer, new Messages.Spawn(1));
    server.send(peer, new Messages.Order(1, 1), spawn);
    until("both arrived", () -> atClient.messages.size() == 2, server, client);

    assertEquals(List.of(new Messages.Spawn(1), new Messages.Order(1, 1)), atClient.messages);
  }

  @Test
  void broadcastToAllPeersIsOneSend() throws IOException {
    MessageBus secondBus = MessageBus.create();
    Inbox atSecond = new Inbox();
    secondBus.register(atSecond);
    try (UdpBridge second =
        UdpBridge.client(secondBus, CODECS, server.node().localAddress(), NodeConfig.defaults())) {
      until("second connected", () -> atSecond.connected.size() == 1, server, client, second);

      assertEquals(2, serverSide.send(server.allPeers(), new Messages.Hello("everyone")));
      until(
          "both heard",
          () ->
              atClient.count(Messages.Hello.class) == 1
                  && atSecond.count(Messages.Hello.class) == 1,
          server,
          client,
          second);
      assertSame(second.server(), atSecond.envelopes.get(0).from());
    }
  }

  @Test
  void disconnectIsAMessageOnBothSidesAndThePeerThenReachesNobody() {
    Address peer = atServer.connected.get(0).peer();
    client.disconnect(client.server());
    until("the server heard", () -> atServer.disconnected.size() == 1, server, client);

    assertEquals(
        new PeerDisconnected(peer, DisconnectReason.CLOSED_BY_PEER), atServer.disconnected.get(0));
    assertEquals(DisconnectReason.CLOSED_HERE, atClient.disconnected.get(0).reason());
    assertEquals(0, serverSide.send(peer, new Messages.Hello("anyone?")));
    assertEquals(List.of(), server.peers());
    assertNull(client.server());
  }
}
