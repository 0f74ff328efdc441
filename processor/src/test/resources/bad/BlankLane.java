package bad;

import dev.herald.annotation.Subscribe;

class BlankLane {
  @Subscribe(lane = " ")
  void on(Object message) {}
}
