package bad;

import dev.herald.annotation.Subscribe;

class ThreeParameters {
  @Subscribe
  void on(Object message, Object envelope, Object extra) {}
}
