package bad;

import dev.herald.annotation.Subscribe;

interface InterfaceHandler {
  @Subscribe
  void on(Object message);
}
