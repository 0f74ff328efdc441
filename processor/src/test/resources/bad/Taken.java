package bad;

import dev.herald.annotation.Subscribe;

class Taken {
  @Subscribe
  void onText(String text) {}
}
