package bad;

import dev.herald.annotation.Subscribe;

class PrivateNestedListener {
  private static class Hidden {
    @Subscribe
    void on(Object message) {}
  }
}
