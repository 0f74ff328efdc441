package bad;

import dev.herald.annotation.Subscribe;

class ManyMistakes {
  @Subscribe
  private static int on(int message, Object envelope) {
    return 0;
  }
}
