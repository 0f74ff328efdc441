package bad;

import dev.herald.annotation.Subscribe;

class Boom {
  @Subscribe
  void on(Object message) {}
}
