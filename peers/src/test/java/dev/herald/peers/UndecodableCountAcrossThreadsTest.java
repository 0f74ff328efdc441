package dev.herald.peers;

import static dev.herald.peers.UdpBridgeTest.CODECS;
import static dev.herald.peers.UdpBridgeTest.LOOPBACK;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.UdpNode;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The bridge is thread-safe: a thread that only reads {@link UdpBridge#undecodableMessages()} sees
 * what the node's own thread counted. A plain field read in a loop that does nothing else may be
 * read once and never again by the compiled loop: that reader would wait forever.
 */
class UndecodableCountAcrossThreadsTest {

  private static final int MESSAGES = 3_000;

  /** Reads the count until it reaches {@code target}, and nothing else: no lock, no volatile. */
  static void spinUntil(UdpBridge bridge, long target) {
    while (bridge.undecodableMessages() < target) {
      // spins: a JIT may keep a plain field's value in a register for the whole loop
    }
  }

  @Test
  void aThreadThatOnlyReadsTheCountSeesEveryMessageTheNodesThreadCounted()
      throws IOException, InterruptedException {
    MessageBus bus = MessageBus.create();
    NodeConfig config = NodeConfig.defaults().withMaxUnreadableMessages(Integer.MAX_VALUE);
    try (UdpBridge server = UdpBridge.server(bus, CODECS, LOOPBACK, config);
        UdpNode client =
            UdpNode.client(
                server.node().localAddress(),
                NodeConfig.defaults(),
                new UnreadableMessagesTest.RawPeer())) {
      UnreadableMessagesTest.until(
          "connected", () -> !server.peers().isEmpty(), server::update, client::update);
      server.start();
      client.start();
      Thread reader = new Thread(() -> spinUntil(server, MESSAGES), "count reader");
      reader.setDaemon(true); // if it never sees the count, it must not keep the JVM alive
      reader.start();

      for (int i = 0; i < MESSAGES; i++) {
        client.send(client.server(), UnreadableMessagesTest.UNKNOWN_TYPE);
        long sent = i + 1;
        UnreadableMessagesTest.until(
            "the server counted message " + sent,
            () -> server.node().counters().unreadableMessages() >= sent);
      }
      reader.join(TimeUnit.SECONDS.toMillis(10));

      assertTrue(
          !reader.isAlive(),
          "the reader never saw "
              + MESSAGES
              + " undecodable messages; the node counted "
              + server.node().counters().unreadableMessages());
    }
  }
}
