package bad;

import dev.herald.annotation.Subscribe;

class TwoParameters {
  @Subscribe
  void on(Object message, Object envelope) {}
}
