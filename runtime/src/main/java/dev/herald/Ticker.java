package dev.herald;

/**
 * Where a bus reads the time: envelopes carry the time a message was sent, and delayed
 * messages fall due by it. Give a bus a ticker you control ({@link MessageBus.Builder#ticker})
 * to make tests and replays deterministic.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface Ticker {

  /** Nanoseconds from an arbitrary origin; never decreases. */
  long nanoTime();

  /** {@link System#nanoTime()}, the default. */
  static Ticker system() {
    return SystemTicker.INSTANCE;
  }
}
