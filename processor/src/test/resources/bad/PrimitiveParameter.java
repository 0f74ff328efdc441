package bad;

import dev.herald.annotation.Subscribe;

class PrimitiveParameter {
  @Subscribe
  void on(int count) {}
}
