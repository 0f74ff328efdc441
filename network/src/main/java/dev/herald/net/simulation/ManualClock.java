package dev.herald.net.simulation;

import dev.herald.net.Clock;
import java.time.Duration;

/**
 * A clock that moves only when told to, for deterministic tests and simulations. It starts
 * at zero. Not thread-safe: drive it from the thread that drives the connections.
 */
public final class ManualClock implements Clock {

  private long now;

  @Override
  public long nanoTime() {
    return now;
  }

  /**
   * Moves the clock forward by {@code duration}.
   *
   * @throws IllegalArgumentException if {@code duration} is negative: a clock never goes back
   */
  public void advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("a clock never goes back, but was asked to advance by " + duration);
    }
    now += duration.toNanos();
  }
}
