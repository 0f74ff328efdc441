package dev.herald.net;

/**
 * Estimates the retransmission timeout from round-trip samples as RFC 6298 does:
 * {@code srtt + 4 * rttvar}, clamped. Packets are never resent as such (their messages are
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

  void sample(long roundTripMillis) {
    if (smoothed < 0) {
      smoothed = roundTripMillis;
      variation = roundTripMillis / 2.0;
    } else {
      variation = 0.75 * variation + 0.25 * Math.abs(smoothed - roundTripMillis);
      smoothed = 0.875 * smoothed + 0.125 * roundTripMillis;
    }
    timeout = Math.max(min, Math.min(max, (long) Math.ceil(smoothed + 4 * variation)));
  }

  long timeoutMillis() {
    return timeout;
  }

  /** The smoothed round trip, or -1 before the first sample. */
  double smoothedMillis() {
    return smoothed;
  }
}
