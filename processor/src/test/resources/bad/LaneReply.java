package bad;

import dev.herald.annotation.Subscribe;

class LaneReply {
  @Subscribe(lane = "ui")
  String on(Object message) {
    return "lost";
  }
}
