package bad;

import dev.herald.annotation.Subscribe;

class ConcurrentAndSerialized {
  @Subscribe(concurrent = true, serialized = true)
  void on(Object message) {}
}
