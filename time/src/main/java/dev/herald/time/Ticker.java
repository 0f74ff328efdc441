package dev.herald.time;

/**
 * Where Herald reads the time: a bus stamps envelopes and falls due delayed messages by it, and a
 * network connection times its retransmissions and timeouts by it. Only differences between
 * readings matter, so any origin will do. Give a bus a ticker you control ({@code
 * MessageBus.Builder.ticker}) to make tests and replays deterministic; a networked bus builds its
 * node on the same ticker.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface Ticker {

  /** Nanoseconds from an arbitrary origin; never smaller than an earlier reading. */
  long nanoTime();

  /** {@link System#nanoTime()}, the JVM's monotonic clock: the default everywhere. */
  static Ticker system() {
    return SystemTicker.INSTANCE;
  }
}
