package dev.herald.sample;

import dev.herald.annotation.Subscribe;

/** Draws explosions; they arrive in LATE_UPDATE, ten frames after the kill. */
final class Effects {
  @Subscribe
  void onExplosion(Explosion explosion) {
    DemoGame.say("  BOOM: %s hits the ground", explosion.what());
  }
}
