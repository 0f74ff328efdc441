package bad;

import dev.herald.annotation.Subscribe;

public class GoodAndBad {
  @Subscribe void good(Object message) {}
}

class BadNeighbour {
  @Subscribe private void bad(Object message) {}
}
