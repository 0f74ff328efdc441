package dev.herald.gdxgame;

import dev.herald.time.ManualTicker;
import dev.herald.time.Ticker;

/**
 * Game time: the bus's ticker, moved by each rendered frame unless the game is paused. Delays in
 * seconds on the bus therefore follow game time and wait while the game is paused; delays in frames
 * count rendered frames, paused or not.
 */
public final class GameClock {
  private final ManualTicker ticker = new ManualTicker();
  private final FrameTime frameTime;
  private boolean paused;

  public GameClock(FrameTime frameTime) {
    this.frameTime = frameTime;
  }

  /** Called once at the start of each rendered frame. */
  void tick() {
    if (!paused) {
      ticker.advanceNanos(frameTime.nanos());
    }
  }

  /** The ticker to build the bus with. */
  Ticker ticker() {
    return ticker;
  }

  public void pause() {
    paused = true;
  }

  public void resume() {
    paused = false;
  }

  public boolean isPaused() {
    return paused;
  }

  /** Game time since the start, in seconds. */
  public double seconds() {
    return ticker.nanoTime() / 1e9;
  }
}
