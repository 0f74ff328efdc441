package shop.b;

import dev.herald.annotation.Subscribe;

public class Shelf {
  @Subscribe
  void on(String restock) {}
}
