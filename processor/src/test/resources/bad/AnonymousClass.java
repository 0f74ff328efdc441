package bad;

import dev.herald.annotation.Subscribe;

class AnonymousClass {
  Object listener() {
    return new Object() {
      @Subscribe
      void on(Object message) {}
    };
  }
}
