package bad;

import dev.herald.annotation.Subscribe;

class ManyMistakes {
  @Subscribe
  private static int on(Object message, Object envelope) {
    return 0;
  }
}
