package bad;

import dev.herald.annotation.Subscribe;

class EmptyTag {
  @Subscribe(tags = {"AI", ""})
  void onAnything(Object message) {}
}
