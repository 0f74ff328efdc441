package dev.herald.peers;

import static dev.herald.peers.UdpBridgeTest.CODECS;
import static dev.herald.peers.UdpBridgeTest.LOOPBACK;
import static dev.herald.peers.UdpBridgeTest.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.Address;
import dev.herald.ErrorContext;
import dev.herald.ErrorHandler;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.net.ConnectionConfig;
import dev.herald.net.udp.NodeConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Sends to a peer whose queue of messages waiting for the bandwidth budget is full: each is refused
 * to the sender, saying so, and counted; none is dropped in silence, none is said to be for a peer
 * that is gone.
 */
class SendQueueFullTest {

  /** The slowest budget, and a queue that holds one largest message: full after a few sends. */
  private static final ConnectionConfig TIGHT =
      ConnectionConfig.defaults().withBandwidth(1_000).withMaxQueuedBytes(1_103);

  private static final int POSTS = 200;

  private final List<Throwable> handled = new ArrayList<>();
  private final MessageBus serverBus =
      MessageBus.builder()
          .errorHandler(
              new ErrorHandler() {
                @Override
                public void handle(Throwable failure, ErrorContext context) {
                  handled.add(failure);
                }
              })
          .build();
  private final Inbox atServer = new Inbox();
  private final MessageBus clientBus = MessageBus.create();
  private final Inbox atClient = new Inbox();
  private final UdpBridge server;
  private final UdpBridge client;

  SendQueueFullTest() throws IOException {
    serverBus.register(atServer);
    clientBus.register(atClient);
    server =
        UdpBridge.server(serverBus, CODECS, LOOPBACK, NodeConfig.defaults().withConnection(TIGHT));
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

  private static Messages.Hello large(int i) {
    return new Messages.Hello(i + "-" + "x".repeat(200));
  }

  @Test
  void postToAPeerWhoseQueueIsFullThrowsToThePosterSayingSoAndIsCounted() {
    Address peer = atServer.connected.get(0).peer();
    int accepted = 0;
    int refused = 0;
    for (int i = 0; i < POSTS; i++) {
      try {
        assertEquals(1, serverBus.post(large(i), Header.to(peer)), "a post that returns left");
        accepted++;
      } catch (IllegalStateException e) {
        refused++;
        assertTrue(e.getMessage().contains("queue"), e.getMessage());
        assertTrue(e.getMessage().contains("withMaxQueuedBytes"), e.getMessage());
        assertFalse(e.getMessage().contains("gone"), e.getMessage());
      }
    }

    assertTrue(refused > 0 && accepted > 0, accepted + " accepted, " + refused + " refused");
    assertEquals(refused, server.refusedSends());
    assertEquals(refused, server.node().peers().get(0).counters().queueFullRefusals());
    assertEquals(List.of(), handled, "thrown to the poster, not also to the error handler");
  }

  @Test
  void sendToAPeerWhoseQueueIsFullSaysTheQueueIsFullNotThatThePeerIsGone() {
    Address peer = atServer.connected.get(0).peer();
    IllegalStateException thrown = null;
    for (int i = 0; i < POSTS && thrown == null; i++) {
      try {
        server.send(peer, large(i));
      } catch (IllegalStateException e) {
        thrown = e;
      }
    }

    assertTrue(thrown != null, "some send was refused");
    assertTrue(thrown.getMessage().contains("queue"), thrown.getMessage());
    assertFalse(thrown.getMessage().contains("gone"), thrown.getMessage());
    assertEquals(1, server.refusedSends());
  }

  @Test
  void sendToEveryPeerSaysWhichQueuesWereFull() {
    IllegalStateException thrown = null;
    for (int i = 0; i < POSTS && thrown == null; i++) {
      try {
        serverBus.post(large(i), Header.to(server.allPeers()));
      } catch (IllegalStateException e) {
        thrown = e;
      }
    }

    assertTrue(thrown != null, "some send was refused");
    assertTrue(thrown.getMessage().contains("queue"), thrown.getMessage());
    assertEquals(1, server.refusedSends());
  }

  @Test
  void sendFromAHandlerToAPeerWhoseQueueIsFullReachesTheErrorHandler() {
    Address peer = atServer.connected.get(0).peer();
    serverBus
        .registration()
        .subscribe(
            Messages.Spawn.class,
            spawn -> {
              for (int i = 0; i < POSTS; i++) {
                serverBus.post(large(i), Header.to(peer));
              }
            });

    serverBus.post(new Messages.Spawn(1));

    assertEquals(1, handled.size(), handled.toString());
    assertTrue(handled.get(0).getMessage().contains("queue"), handled.get(0).toString());
    assertEquals(1, server.refusedSends());
    assertEquals(1, serverBus.statistics().handlerFailures());
  }
}
