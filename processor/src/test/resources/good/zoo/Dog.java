package zoo;

import dev.herald.annotation.Subscribe;
import java.io.IOException;

public class Dog extends Mammal {
  /** Overrides an annotated handler: only this row may run. */
  @Subscribe(priority = 5)
  @Override
  void onFood(Food food) {}

  /** Overrides without the annotation: Animal's row calls it through virtual dispatch. */
  @Override
  void onNoise(Noise noise) {}

  @Subscribe
  void onBall(Ball ball) throws IOException {}
}
