package bad;

import dev.herald.annotation.Subscribe;

class AsyncReply {
  @Subscribe(async = true)
  String on(Object message) {
    return "lost";
  }
}
