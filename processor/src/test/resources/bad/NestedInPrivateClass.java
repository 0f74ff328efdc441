package bad;

import dev.herald.annotation.Subscribe;

class NestedInPrivateClass {
  private static class Hidden {
    static class Visible {
      @Subscribe
      void on(Object message) {}
    }
  }
}
