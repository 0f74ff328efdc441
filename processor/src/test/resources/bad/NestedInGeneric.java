package bad;

import dev.herald.annotation.Subscribe;

class NestedInGeneric<T> {
  class Msg {}

  @Subscribe
  void on(Msg message) {}
}
