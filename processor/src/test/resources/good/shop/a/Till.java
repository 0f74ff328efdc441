package shop.a;

import dev.herald.annotation.Subscribe;

public class Till {
  @Subscribe
  void on(Object sale) {}
}
