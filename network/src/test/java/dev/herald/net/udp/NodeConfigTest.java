package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The settings of unreadable input: defaults, copies, and what is refused with which message. */
class NodeConfigTest {

  @Test
  void unreadableSettingsHaveDefaultsAndAreCopiedOnward() {
    NodeConfig defaults = NodeConfig.defaults();
    assertEquals(100, defaults.maxUnreadableMessages());
    assertEquals(Duration.ofSeconds(10), defaults.unreadableLogInterval());

    NodeConfig tuned =
        defaults
            .withMaxUnreadableMessages(0)
            .withUnreadableLogInterval(Duration.ofSeconds(1))
            .withMaxPeers(3);
    assertEquals(0, tuned.maxUnreadableMessages());
    assertEquals(Duration.ofSeconds(1), tuned.unreadableLogInterval());
    assertEquals(3, tuned.maxPeers());
  }

  @Test
  void negativeLimitOrEmptyIntervalIsRefusedWithWhatWasWrong() {
    IllegalArgumentException limit =
        assertThrows(
            IllegalArgumentException.class,
            () -> NodeConfig.defaults().withMaxUnreadableMessages(-1));
    assertTrue(
        limit.getMessage().contains("maximum unreadable messages must be 0 or more, was -1"),
        limit.getMessage());
    IllegalArgumentException interval =
        assertThrows(
            IllegalArgumentException.class,
            () -> NodeConfig.defaults().withUnreadableLogInterval(Duration.ZERO));
    assertTrue(interval.getMessage().contains("must be positive, was PT0S"), interval.getMessage());
  }

  @Test
  void theReceiveBufferAskedForIsAskedOfTheSocket() throws java.io.IOException {
    assertEquals(NodeConfig.DEFAULT_RECEIVE_BUFFER, NodeConfig.defaults().receiveBuffer());
    java.net.InetSocketAddress loopback =
        new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0);
    try (UdpNode small =
            UdpNode.server(
                loopback, NodeConfig.defaults().withReceiveBuffer(16 * 1024), new Recorder());
        UdpNode large = UdpNode.server(loopback, NodeConfig.defaults(), new Recorder())) {
      // The system may cap the large one, never below its own default, which is above 16 KiB
      assertTrue(
          small.receiveBufferSize() < large.receiveBufferSize(),
          "16 KiB asked: "
              + small.receiveBufferSize()
              + " granted; 4 MiB asked: "
              + large.receiveBufferSize());
    }
    IllegalArgumentException tiny =
        assertThrows(
            IllegalArgumentException.class, () -> NodeConfig.defaults().withReceiveBuffer(100));
    assertTrue(
        tiny.getMessage().contains("socket receive buffer must be at least 1024 bytes, was 100"),
        tiny.getMessage());
  }
}
