package bad;

import dev.herald.annotation.Wire;

@Wire
public class Mutable {
  final int x;

  public Mutable(int x) {
    this.x = x;
  }
}
