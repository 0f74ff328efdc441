package dev.herald.net;

/**
 * Paces what a connection sends within a number of bytes a second, as a token bucket that holds at
 * most nothing in reserve: a datagram may leave only once the bytes of every earlier one have been
 * paid for at the budget's rate, and its own bytes are then owed. So over any stretch of time, from
 * any send to any later one, the bytes sent are at most the budget's rate times that time plus one
 * datagram; and an idle connection saves up no burst.
 *
 * <p>A datagram costs its length plus {@value #DATAGRAM_OVERHEAD} bytes of IPv4 and UDP headers,
 * what the link carries for it. A budget of zero means none: everything may leave at once.
 */
final class BandwidthBudget {

  /** The bytes an IPv4 and a UDP header add to every datagram. */
  static final int DATAGRAM_OVERHEAD = 28;

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final long bytesPerSecond;

  /** When the bytes owed so far will have been paid for: a datagram may leave from then on. */
  private long paidUpToNanos;

  private boolean started;

  BandwidthBudget(long bytesPerSecond) {
    this.bytesPerSecond = bytesPerSecond;
  }

  boolean isLimited() {
    return bytesPerSecond > 0;
  }

  /** Whether a datagram may leave at {@code nowNanos}. */
  boolean allowsSend(long nowNanos) {
    return !isLimited() || !started || nowNanos - paidUpToNanos >= 0;
  }

  /**
   * Records that a datagram of {@code length} bytes left at {@code nowNanos}, which {@link
   * #allowsSend} allowed.
   */
  void spend(long nowNanos, int length) {
    if (!isLimited()) {
      return;
    }
    if (!started || nowNanos - paidUpToNanos > 0) {
      // Nothing owed: the time the link stood idle is not saved up for a burst.
      paidUpToNanos = nowNanos;
      started = true;
    }
    long bytes = length + DATAGRAM_OVERHEAD;
    paidUpToNanos += (bytes * NANOS_PER_SECOND + bytesPerSecond - 1) / bytesPerSecond;
  }

  /**
   * The later of {@code wantedNanos} and the time the next datagram may leave: when a datagram
   * wanted at {@code wantedNanos} can actually go.
   */
  long notBefore(long wantedNanos) {
    return isLimited() && started && paidUpToNanos - wantedNanos > 0 ? paidUpToNanos : wantedNanos;
  }

  /** When the next datagram may leave; any time at or before {@code nowNanos} if it may now. */
  long nextSendNanos(long nowNanos) {
    return allowsSend(nowNanos) ? nowNanos : paidUpToNanos;
  }
}
