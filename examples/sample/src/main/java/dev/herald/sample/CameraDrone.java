package dev.herald.sample;

import dev.herald.annotation.Subscribe;

/**
 * Films the dogfight. The game lets go of it halfway through; it was registered weakly, so once the
 * drone is collected its handler stops running and the bus forgets it.
 */
final class CameraDrone {
  private int shots;

  @Subscribe(hidden = true)
  void film(UnderAttack shout) {
    shots++;
  }

  int shots() {
    return shots;
  }
}
