package outer;

import dev.herald.annotation.Subscribe;

public class Outer {
  public static final class Signal {}

  static class Nested {
    @Subscribe
    void on(Signal signal) {}
  }

  class Inner {
    @Subscribe(tags = {"ui", "debug"}, hidden = true)
    protected void on(Signal signal) {}
  }
}
