package bad;

import dev.herald.annotation.Wire;

public final class Hidden {
  @Wire
  private record Secret(int x) {}

  private Hidden() {}
}
