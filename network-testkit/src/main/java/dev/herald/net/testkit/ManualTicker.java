package dev.herald.net.testkit;

import dev.herald.time.Ticker;
import java.time.Duration;

/**
 * A {@link Ticker} that moves only when told to, for deterministic tests and simulations: give it
 * to a connection, a node, or a bus ({@code MessageBus.Builder.ticker}), and their time moves only
 * when the test moves it. It starts at zero. Readable from any thread (a node on a thread of its
 * own, a bus's lanes); advance it from one thread at a time.
 *
 * @since 0.1
 */
public final class ManualTicker implements Ticker {

  private volatile long now;

  @Override
  public long nanoTime() {
    return now;
  }

  /**
   * Moves the ticker forward by {@code duration}.
   *
   * @throws IllegalArgumentException if {@code duration} is negative: a ticker never goes back
   */
  public void advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException(
          "a ticker never goes back, but was asked to advance by " + duration);
    }
    now += duration.toNanos();
  }
}
