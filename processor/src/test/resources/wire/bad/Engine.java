package bad;

import dev.herald.annotation.Wire;

public final class Engine {
  /** Not static: each Piston needs an Engine. */
  @Wire
  public final class Piston {
    final int stroke;

    public Piston(int stroke) {
      this.stroke = stroke;
    }
  }
}
