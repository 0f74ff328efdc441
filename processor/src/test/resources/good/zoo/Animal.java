package zoo;

import dev.herald.annotation.Subscribe;

/** A superclass with handlers of its own: it gets a dispatcher, and subclasses chain to it. */
public class Animal {
  @Subscribe
  void onFood(Food food) {}

  @Subscribe
  void onNoise(Noise noise) {}
}
