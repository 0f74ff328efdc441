package dev.herald.net;

/**
 * Arithmetic on {@link dev.herald.time.Ticker} times, which may wrap around: two times are compared
 * by their difference, never by their values.
 */
final class Deadlines {

  private Deadlines() {}

  /** The earlier of two times. */
  static long earlier(long a, long b) {
    return a - b <= 0 ? a : b;
  }
}
