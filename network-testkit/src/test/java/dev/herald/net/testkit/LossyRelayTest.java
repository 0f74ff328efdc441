package dev.herald.net.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The relay's limit of clients: who is forwarded, who is dropped and counted, and which limits are
 * refused.
 */
@Timeout(30)
class LossyRelayTest {

  private static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
  private static final Duration PATIENCE = Duration.ofSeconds(10);

  @Test
  void forwardsBothWaysForClientsUpToItsLimitAndCountsDatagramsOfTheRest() throws IOException {
    try (Socket server = new Socket(LOOPBACK);
        LossyRelay relay = LossyRelay.start(server.address(), LinkConditions.perfect(), 7, 3)) {
      List<Socket> clients = new ArrayList<>();
      try {
        Set<SocketAddress> seenByServer = new HashSet<>();
        for (int i = 0; i < 4; i++) {
          Socket client = new Socket(LOOPBACK);
          clients.add(client);
          client.send(new byte[] {(byte) i}, relay.address());
          if (i < 3) {
            // one at a time, so the first three are the ones the relay takes
            ByteBuffer arrived = ByteBuffer.allocate(16);
            SocketAddress from = server.receive(arrived, PATIENCE);
            assertNotNull(from, "the datagram of client " + i + " reached the server");
            assertEquals(i, arrived.get(0));
            seenByServer.add(from);
            server.send(new byte[] {(byte) (10 + i)}, (InetSocketAddress) from);
          }
        }
        assertEquals(
            3, seenByServer.size(), "each client reaches the server from an address of its own");
        for (int i = 0; i < 3; i++) {
          ByteBuffer answer = ByteBuffer.allocate(16);
          assertNotNull(
              clients.get(i).receive(answer, PATIENCE),
              "client " + i + " got the server's answer back");
          assertArrayEquals(
              new byte[] {(byte) (10 + i)}, Arrays.copyOf(answer.array(), answer.position()));
        }
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (relay.droppedClients() == 0 && System.nanoTime() - deadline < 0) {
          clients.get(3).receive(ByteBuffer.allocate(16), Duration.ofMillis(5));
        }
        assertEquals(
            1, relay.droppedClients(), "the fourth client's datagram was dropped and counted");
        assertNull(
            server.receive(ByteBuffer.allocate(16), Duration.ofMillis(50)),
            "nothing of the fourth client reached the server");
      } finally {
        for (Socket client : clients) {
          client.close();
        }
      }
    }
  }

  @Test
  void aLimitOutsideOneToTheMostIsRefusedWithTheRange() {
    InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), 9);
    for (int limit : new int[] {0, LossyRelay.MAX_CLIENTS_LIMIT + 1}) {
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> LossyRelay.start(target, LinkConditions.perfect(), 1, limit));
      assertTrue(
          refused
              .getMessage()
              .contains(
                  "a relay forwards for 1 to "
                      + LossyRelay.MAX_CLIENTS_LIMIT
                      + " clients, was "
                      + limit),
          refused.getMessage());
    }
  }

  /** A bare loopback socket that waits for a datagram with a deadline. */
  private static final class Socket implements AutoCloseable {
    final DatagramChannel channel;
    final Selector selector;

    Socket(InetSocketAddress bind) throws IOException {
      channel = DatagramChannel.open();
      channel.configureBlocking(false);
      channel.bind(bind);
      selector = Selector.open();
      channel.register(selector, SelectionKey.OP_READ);
    }

    InetSocketAddress address() throws IOException {
      return (InetSocketAddress) channel.getLocalAddress();
    }

    void send(byte[] datagram, InetSocketAddress to) throws IOException {
      channel.send(ByteBuffer.wrap(datagram), to);
    }

    /**
     * The sender of the datagram read into {@code into}, or null if none came within {@code max}.
     */
    SocketAddress receive(ByteBuffer into, Duration max) throws IOException {
      long deadline = System.nanoTime() + max.toNanos();
      while (true) {
        SocketAddress from = channel.receive(into);
        if (from != null) {
          return from;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return null;
        }
        selector.select(Math.max(1, left / 1_000_000));
        selector.selectedKeys().clear();
      }
    }

    @Override
    public void close() throws IOException {
      selector.close();
      channel.close();
    }
  }
}
