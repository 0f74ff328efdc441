package bad;

import dev.herald.annotation.Subscribe;

class AsyncOnLane {
  @Subscribe(async = true, lane = "ui")
  void on(Object message) {}
}
