package bad;

import dev.herald.annotation.Subscribe;

class InaccessibleParameter {
  private static final class Secret {}

  @Subscribe
  void on(Secret message) {}
}
