package dev.herald.net;

/**
 * Where connections read the time, in nanoseconds, as the bus's {@code Ticker} does.
 *
 * <p>Only differences between readings matter, so any origin will do. Production code uses
 * {@link #system()}; tests and simulations use a clock they move by hand
 * ({@code dev.herald.net.simulation.ManualClock}).
 */
@FunctionalInterface
public interface Clock {

  /** Nanoseconds from an arbitrary origin; never smaller than an earlier reading. */
  long nanoTime();

  /** {@link System#nanoTime()}, the JVM's monotonic clock. */
  static Clock system() {
    return SystemClock.INSTANCE;
  }
}
