package dev.herald.gdxgame;

import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Stage;
import dev.herald.annotation.Subscribe;

/**
 * A fighter's hit flash, a component at the fighter's address: it lights up on a hit and goes out
 * {@value #FRAMES} frames later, in the late update. A presentation effect, so it counts rendered
 * frames, not game time.
 */
final class HitFlash {
  static final int FRAMES = 6;

  private final MessageBus bus;
  private final Header recovery;
  private boolean lit;
  private int hits;
  private long recoveredAtFrame = -1;

  HitFlash(MessageBus bus, Fighter fighter) {
    this.bus = bus;
    this.recovery =
        Header.builder().to(fighter.address()).stage(Stage.LATE_UPDATE).delayFrames(FRAMES).build();
  }

  @Subscribe
  void on(Hit hit) {
    lit = true;
    hits++;
    bus.post(new Recovered(), recovery);
  }

  @Subscribe
  void on(Recovered recovered) {
    lit = false;
    recoveredAtFrame = bus.frame();
  }

  boolean isLit() {
    return lit;
  }

  int hits() {
    return hits;
  }

  long recoveredAtFrame() {
    return recoveredAtFrame;
  }
}
