package bad;

import dev.herald.annotation.Subscribe;

class LocalClass {
  Object listener() {
    class Local {
      @Subscribe
      void on(Object message) {}
    }
    return new Local();
  }
}
