package bad;

import dev.herald.annotation.Subscribe;

class PrivateHandler {
  @Subscribe
  private void on(Object message) {}
}
