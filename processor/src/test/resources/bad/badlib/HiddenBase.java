package badlib;

import dev.herald.annotation.Subscribe;

public class HiddenBase {
  @Subscribe
  void onHidden(Object message) {}
}
