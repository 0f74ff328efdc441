package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Nodes started on threads of their own connect, deliver and disconnect with nobody calling update.
 */
class OwnThreadTest {

  /** Counts events down on latches, recording the thread the listener ran on. */
  private static final class Latches implements PeerListener {
    final CountDownLatch connected = new CountDownLatch(1);
    final CountDownLatch message = new CountDownLatch(1);
    final CountDownLatch disconnected = new CountDownLatch(1);
    volatile byte[] payload;
    volatile Thread listenerThread;

    @Override
    public void onConnected(Peer peer) {
      listenerThread = Thread.currentThread();
      connected.countDown();
    }

    @Override
    public void onMessage(Peer peer, byte[] received) {
      payload = received;
      message.countDown();
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {
      disconnected.countDown();
    }
  }

  @Test
  void startedNodesConnectDeliverAndDisconnectOnTheirOwnThreads()
      throws IOException, InterruptedException {
    Latches atServer = new Latches();
    Latches atClient = new Latches();
    try (UdpNode server = UdpNode.server(HandshakeTest.LOOPBACK, NodeConfig.defaults(), atServer);
        UdpNode client = UdpNode.client(server.localAddress(), NodeConfig.defaults(), atClient)) {
      server.start();
      client.start();
      assertTrue(atClient.connected.await(20, TimeUnit.SECONDS), "connected");
      assertTrue(atServer.connected.await(20, TimeUnit.SECONDS), "accepted");

      client.send(client.server(), new byte[] {4, 2}); // from the test's thread: wakes the node's
      assertTrue(atServer.message.await(20, TimeUnit.SECONDS), "delivered");
      assertArrayEquals(new byte[] {4, 2}, atServer.payload);
      assertTrue(
          atServer.listenerThread.getName().startsWith("herald-udp-node"),
          atServer.listenerThread.getName());
      assertThrows(IllegalStateException.class, () -> server.awaitDatagram(Duration.ofMillis(1)));

      client.close();
      assertTrue(atServer.disconnected.await(20, TimeUnit.SECONDS), "the server heard the goodbye");
      assertEquals(0, server.peers().size());
    }
  }
}
