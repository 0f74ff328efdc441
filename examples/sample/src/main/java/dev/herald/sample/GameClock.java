package dev.herald.sample;

import dev.herald.time.Ticker;

/**
 * Simulated time: every frame lasts exactly 1/60 s, so the demo prints the same story on every
 * machine. A real game would use {@code Ticker.system()}, the default.
 */
final class GameClock implements Ticker {
  static final long FRAME_NANOS = 1_000_000_000L / 60;

  private long now;

  @Override
  public long nanoTime() {
    return now;
  }

  void nextFrame() {
    now += FRAME_NANOS;
  }

  double seconds() {
    return now / 1e9;
  }
}
