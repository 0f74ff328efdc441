package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The timeouts a connection is given stay within {@link ConnectionConfig#MAX_TIMEOUT}: the message
 * and wait timeouts derived from them (a second more than the connection timeout; {@value
 * ConnectionConfig#RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP} of the largest retransmission timeout)
 * would otherwise overflow a {@code long} of nanoseconds and come out shorter than what they are
 * derived from, and deadlines so far off could not be compared by their difference.
 */
class TimeoutBoundsTest {

  @Test
  void theLongestTimeoutsAllowedGiveMessageAndWaitTimeoutsLongerStill() {
    ConnectionConfig config =
        ConnectionConfig.defaults()
            .withRetransmitTimeout(
                Duration.ofSeconds(1), Duration.ZERO, ConnectionConfig.MAX_TIMEOUT)
            .withConnectionTimeout(ConnectionConfig.MAX_TIMEOUT);

    assertEquals(
        ConnectionConfig.MAX_TIMEOUT.plusSeconds(1),
        config.minMessageTimeout(),
        "at least a second longer than the connection timeout");
    assertEquals(
        ConnectionConfig.MAX_TIMEOUT.multipliedBy(
            ConnectionConfig.RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP),
        config.waitTimeout(),
        "as long as the sender keeps trying");
    // Every deadline lies within 2^62 ns of the clock: two of them compare by their difference.
    assertTrue(config.waitTimeout().toNanos() <= 1L << 62);
    assertTrue(config.minMessageTimeout().toNanos() <= 1L << 62);
  }

  @Test
  void longerTimeoutsAreRefusedRatherThanOverflowing() {
    Duration tooLong = ConnectionConfig.MAX_TIMEOUT.plusNanos(1);
    ConnectionConfig defaults = ConnectionConfig.defaults();

    assertThrows(IllegalArgumentException.class, () -> defaults.withConnectionTimeout(tooLong));
    assertThrows(
        IllegalArgumentException.class,
        () -> defaults.withRetransmitTimeout(Duration.ofSeconds(1), Duration.ZERO, tooLong));
    // What the refusal prevents: a connection timeout of the longest long, whose message timeout
    // would be negative, or a largest retransmission timeout whose wait timeout would wrap.
    assertThrows(
        IllegalArgumentException.class,
        () -> defaults.withConnectionTimeout(Duration.ofNanos(Long.MAX_VALUE)));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            defaults.withRetransmitTimeout(
                Duration.ofSeconds(1), Duration.ZERO, Duration.ofDays(36_500)));
  }
}
