package dev.herald.net;

/**
 * The source of time for connections and the simulator, in milliseconds.
 *
 * <p>Only differences between readings matter, so any monotonic origin will do. Tests use
 * a {@link ManualClock}; production code uses {@link MonotonicClock}.
 */
public interface Clock {

  /** Returns the current time in milliseconds; never smaller than an earlier reading. */
  long millis();
}
