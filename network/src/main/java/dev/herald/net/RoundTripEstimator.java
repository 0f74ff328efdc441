package dev.herald.net;

/**
 * Estimates the round trip from samples as RFC 9002 does, in nanoseconds: a smoothed round trip and
 * its mean deviation, from which come the probe timeout ({@code smoothed + max(4 * deviation,
 * granularity)}, kept within the configured floor and ceiling) and the time after which a packet
 * overtaken by an acknowledged one counts as lost ({@code 9/8 * max(smoothed, latest)}, at least
 * the granularity). Packets are never resent as such (their messages are repacked into new
 * packets), so every sample is unambiguous and Karn's rule is not needed.
 */
final class RoundTripEstimator {

  /**
   * The timer granularity RFC 9002 assumes: the least a timer is trusted to resolve, so the least
   * slack either threshold allows for a round trip that varies by nothing measurable.
   */
  static final long GRANULARITY_NANOS = 1_000_000L;

  private final long initial;
  private final long floor;
  private final long ceiling;
  private boolean measured;
  private double smoothed;
  private double deviation;
  private long latest;
  private long timeout;

  RoundTripEstimator(long initial, long floor, long ceiling) {
    this.initial = initial;
    this.floor = floor;
    this.ceiling = ceiling;
    this.timeout = initial;
  }

  void sample(long roundTripNanos) {
    latest = roundTripNanos;
    if (!measured) {
      measured = true;
      smoothed = roundTripNanos;
      deviation = roundTripNanos / 2.0;
    } else {
      deviation = 0.75 * deviation + 0.25 * Math.abs(smoothed - roundTripNanos);
      smoothed = 0.875 * smoothed + 0.125 * roundTripNanos;
    }
    long probe = (long) Math.ceil(smoothed + Math.max(4 * deviation, GRANULARITY_NANOS));
    timeout = Math.max(floor, Math.min(ceiling, probe));
  }

  /** The smoothed round trip in nanoseconds, or -1 before the first sample. */
  long smoothedNanos() {
    return measured ? (long) smoothed : -1;
  }

  /**
   * The probe timeout before any backoff: how long a sent message may go unacknowledged, with
   * nothing else acknowledged, before it is probed.
   */
  long timeoutNanos() {
    return timeout;
  }

  /**
   * How long after it was sent a packet that a later, acknowledged packet overtook counts as lost.
   * Before the first sample, the initial timeout: nothing is known of the link yet.
   */
  long lossDelayNanos() {
    if (!measured) {
      return initial;
    }
    long rtt = Math.max((long) smoothed, latest);
    return Math.max(GRANULARITY_NANOS, rtt + rtt / 8);
  }
}
