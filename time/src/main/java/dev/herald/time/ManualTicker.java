package dev.herald.time;

import java.time.Duration;

/**
 * A {@link Ticker} that moves only when told to. A game gives one to its bus ({@code
 * MessageBus.Builder.ticker}) and advances it by each frame's game time, so that delays in seconds
 * follow game time: a paused game, which stops advancing it, pauses them too. A test or a
 * simulation gives one to a bus, a connection or a node to make their time deterministic. It starts
 * at zero. Readable from any thread (a node on a thread of its own, a bus's lanes); advance it from
 * one thread at a time.
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
   * @throws ArithmeticException if the reading would pass {@link Long#MAX_VALUE} nanoseconds
   */
  public void advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException(
          "A ticker never goes back, but was asked to advance by " + duration);
    }
    advanceNanos(duration.toNanos());
  }

  /**
   * Moves the ticker forward by {@code nanos} nanoseconds, allocating nothing: what a game loop
   * calls each frame, for example with {@code (long) (deltaSeconds * 1e9)}.
   *
   * @throws IllegalArgumentException if {@code nanos} is negative: a ticker never goes back
   * @throws ArithmeticException if the reading would pass {@link Long#MAX_VALUE} nanoseconds
   */
  public void advanceNanos(long nanos) {
    if (nanos < 0) {
      throw new IllegalArgumentException(
          "A ticker never goes back, but was asked to advance by " + nanos + " ns");
    }
    now = Math.addExact(now, nanos);
  }
}
