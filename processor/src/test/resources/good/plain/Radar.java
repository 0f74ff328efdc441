package demo;

import dev.herald.annotation.Subscribe;

public final class Radar {
  @Subscribe
  void onAttack(UnderAttack m) {}

  @Subscribe(priority = 10, tags = "AI")
  void log(Object any) {}
}
