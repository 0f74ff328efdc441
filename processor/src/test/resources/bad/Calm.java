package bad;

import dev.herald.annotation.Subscribe;

class Calm {
  @Subscribe
  void on(Object message) {}
}
