package bad;

import dev.herald.annotation.Subscribe;

class Outer_Inner {
  @Subscribe
  void a(Object message) {}
}

class Outer {
  static class Inner {
    @Subscribe
    void b(Object message) {}
  }
}
