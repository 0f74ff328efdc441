package bad;

import dev.herald.annotation.Subscribe;

class ConcurrentWithoutAsync {
  @Subscribe(concurrent = true)
  void on(Object message) {}
}
