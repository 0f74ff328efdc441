package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.net.ConnectionConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The tuning knobs no other test turns: each takes the value it is given, leaves the others as they
 * were, and refuses a value that cannot work with a message saying which.
 */
class TuningWithersTest {

  @Test
  void theKeepAliveIntervalIsSetAndMustStayBelowTheConnectionTimeout() {
    ConnectionConfig config =
        ConnectionConfig.defaults().withKeepAliveInterval(Duration.ofMillis(400));

    assertEquals(Duration.ofMillis(400), config.keepAliveInterval());
    assertEquals(ConnectionConfig.defaults().connectionTimeout(), config.connectionTimeout());
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> config.withKeepAliveInterval(config.connectionTimeout()));
    assertTrue(refused.getMessage().contains("keep-alive interval"), refused.getMessage());
  }

  @Test
  void theHandshakeResendIntervalAndTimeoutAreSetAndTheTimeoutMustExceedTheInterval() {
    NodeConfig config =
        NodeConfig.defaults()
            .withHandshakeResendInterval(Duration.ofMillis(50))
            .withHandshakeTimeout(Duration.ofSeconds(2));

    assertEquals(Duration.ofMillis(50), config.handshakeResendInterval());
    assertEquals(Duration.ofSeconds(2), config.handshakeTimeout());
    assertEquals(NodeConfig.defaults().maxPeers(), config.maxPeers());
    assertThrows(
        IllegalArgumentException.class, () -> config.withHandshakeResendInterval(Duration.ZERO));
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> config.withHandshakeTimeout(Duration.ofMillis(50)));
    assertTrue(refused.getMessage().contains("resend interval"), refused.getMessage());
  }

  @Test
  void theCookieLifetimeIsSetAndMustBePositive() {
    NodeConfig config = NodeConfig.defaults().withCookieLifetime(Duration.ofSeconds(3));

    assertEquals(Duration.ofSeconds(3), config.cookieLifetime());
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> config.withCookieLifetime(Duration.ofSeconds(-1)));
    assertTrue(refused.getMessage().contains("cookie lifetime"), refused.getMessage());
  }

  @Test
  void theProtocolIdIsSetAndTheDefaultSpellsHerald01() {
    NodeConfig config = NodeConfig.defaults().withProtocol(42);

    assertEquals(42, config.protocol());
    assertEquals(NodeConfig.DEFAULT_PROTOCOL, NodeConfig.defaults().protocol());
    assertEquals(
        "HERALD01",
        new String(
            java.nio.ByteBuffer.allocate(8).putLong(NodeConfig.DEFAULT_PROTOCOL).array(),
            java.nio.charset.StandardCharsets.US_ASCII));
  }
}
