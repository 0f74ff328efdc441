package bad;

import dev.herald.annotation.Subscribe;

class NoParameter {
  @Subscribe
  void on() {}
}
