package dev.herald.net;

/**
 * A clock that moves only when told to, for deterministic tests and simulations.
 * Not thread-safe: drive it from the thread that drives the connections.
 */
public final class ManualClock implements Clock {

  private long now;

  /** Creates a clock that reads {@code startMillis}. */
  public ManualClock(long startMillis) {
    this.now = startMillis;
  }

  @Override
  public long millis() {
    return now;
  }

  /**
   * Moves the clock forward.
   *
   * @throws IllegalArgumentException if {@code millis} is negative: a clock never goes back
   */
  public void advance(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("a clock never goes back, but was asked to advance by " + millis);
    }
    now += millis;
  }
}
