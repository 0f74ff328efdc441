package outer;

import dev.herald.annotation.Subscribe;

public class Box<T> {
  class Lid {
    @Subscribe
    public void on(Outer.Signal signal) {}
  }
}
