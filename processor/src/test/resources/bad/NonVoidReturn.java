package bad;

import dev.herald.annotation.Subscribe;

class NonVoidReturn {
  @Subscribe
  boolean on(Object message) {
    return true;
  }
}
