package foreign;

import dev.herald.annotation.Subscribe;

class GuavaLeftover {
  @Subscribe
  void onMove(String move) {}

  @com.google.common.eventbus.Subscribe
  void onStalemate(Integer moves) {}
}
