package dev.herald.gdxgame;

import com.badlogic.gdx.Gdx;
import java.time.Duration;

/** How much game time one rendered frame adds, in nanoseconds. */
public interface FrameTime {

  /** One sixtieth of a second, rounded up so that 30 frames make at least half a second. */
  Duration SIXTIETH = Duration.ofNanos(16_666_667);

  /**
   * The longest frame counted: a frame that took longer (a stall, a debugger) adds only this much,
   * so that the stall is not played as game time, which also runs the connection's timers.
   */
  Duration LONGEST_FRAME = Duration.ofMillis(250);

  long nanos();

  /** The same step every frame: a test or a replay gets the same game time on every machine. */
  static FrameTime fixed(Duration step) {
    long nanos = step.toNanos();
    return () -> nanos;
  }

  /** The time libGDX measured since the last frame ({@code Gdx.graphics.getDeltaTime()}). */
  static FrameTime measuredByGdx() {
    long longest = LONGEST_FRAME.toNanos();
    return () -> Math.min((long) (Gdx.graphics.getDeltaTime() * 1e9), longest);
  }
}
