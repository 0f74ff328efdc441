package dev.herald.net;

/**
 * Estimates the retransmission timeout from round-trip samples as RFC 6298 does:
 * {@code srtt + 4 * rttvar}, clamped; in nanoseconds. Packets are never resent as such (their messages are
 * repacked into new packets), so every sample is unambiguous and Karn's rule is not needed.
 */
final class RoundTripEstimator {

  private final long min;
  private final long max;
  private double smoothed = -1;
  private double variation;
  private long timeout;

  RoundTripEstimator(long initial, long min, long max) {
    this.min = min;
    this.max = max;
    this.timeout = initial;
  }

  void sample(long roundTripNanos) {
    if (smoothed < 0) {
      smoothed = roundTripNanos;
      variation = roundTripNanos / 2.0;
    } else {
      variation = 0.75 * variation + 0.25 * Math.abs(smoothed - roundTripNanos);
      smoothed = 0.875 * smoothed + 0.125 * roundTripNanos;
    }
    timeout = Math.max(min, Math.min(max, (long) Math.ceil(smoothed + 4 * variation)));
  }

  long timeoutNanos() {
    return timeout;
  }

}
