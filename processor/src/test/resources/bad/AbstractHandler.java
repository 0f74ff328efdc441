package bad;

import dev.herald.annotation.Subscribe;

abstract class AbstractHandler {
  @Subscribe
  abstract void on(Object message);
}
