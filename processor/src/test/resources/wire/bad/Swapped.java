package bad;

import dev.herald.annotation.Wire;

@Wire
public final class Swapped {
  final int count;
  final String name;

  public Swapped(String name, int count) {
    this.name = name;
    this.count = count;
  }
}
