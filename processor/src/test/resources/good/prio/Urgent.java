package prio;

import dev.herald.annotation.Subscribe;

public final class Urgent {
  @Subscribe(priority = Levels.HIGH)
  void on(Object message) {}
}
