package shapes;

import dev.herald.annotation.Wire;

public final class Fleet {
  /** A record nested in a class, that holds another record. */
  @Wire(id = 8)
  public record Ship(String name, Position at) {}

  private Fleet() {}
}
