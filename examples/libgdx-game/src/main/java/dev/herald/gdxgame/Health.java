package dev.herald.gdxgame;

import dev.herald.annotation.Subscribe;
import java.util.List;

/** A fighter's hit points: a component at the fighter's address. */
final class Health {
  private final Corner corner;
  private final List<String> transcript;
  private final Fighter fighter;
  private int hp;

  Health(Corner corner, int hp, List<String> transcript, Fighter fighter) {
    this.corner = corner;
    this.hp = hp;
    this.transcript = transcript;
    this.fighter = fighter;
  }

  @Subscribe
  void on(Hit hit) {
    hp = Math.max(0, hp - hit.damage());
    transcript.add(corner + " takes " + hit.damage() + ", hp " + hp);
    if (hp == 0) {
      transcript.add(corner + " is knocked out");
      // Leaves the ring in the middle of this hit's delivery: the fighter's other components,
      // registered after this one, do not hear it.
      fighter.leaveTheRing();
    }
  }

  int hp() {
    return hp;
  }
}
