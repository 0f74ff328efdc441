package bad;

import dev.herald.annotation.Subscribe;

class UnresolvedParameter {
  @Subscribe
  void on(NeverGenerated message) {}
}
