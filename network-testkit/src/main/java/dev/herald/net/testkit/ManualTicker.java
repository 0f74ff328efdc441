package dev.herald.net.testkit;

import dev.herald.time.Ticker;
import java.time.Duration;

/**
 * A {@link Ticker} that moves only when told to, for deterministic tests and simulations: give it
 * to a connection, a node, or a bus ({@code MessageBus.Builder.ticker}), and their time moves only
 * when the test moves it. It starts at zero. Not thread-safe: drive it from the thread that drives the connections.
 */
public final class ManualTicker implements Ticker {

  private long now;

  @Override
  public long nanoTime() {
    return now;
  }

  /**
   * Moves the clock forward by {@code duration}.
   *
   * @throws IllegalArgumentException if {@code duration} is negative: a ticker never goes back
   */
  public void advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("a ticker never goes back, but was asked to advance by " + duration);
    }
    now += duration.toNanos();
  }
}
