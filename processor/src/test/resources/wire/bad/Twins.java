package bad;

import dev.herald.annotation.Wire;

public final class Twins {
  @Wire(id = 5) public record Castor(int a) {}

  @Wire(id = 5) public record Pollux(int b) {}

  private Twins() {}
}
