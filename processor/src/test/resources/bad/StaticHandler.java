package bad;

import dev.herald.annotation.Subscribe;

class StaticHandler {
  @Subscribe
  static void on(Object message) {}
}
