package bad;

import dev.herald.annotation.Subscribe;

interface InterfaceHandler {
  @Subscribe
  static void on(Object message) {}
}
