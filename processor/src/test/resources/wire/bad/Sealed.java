package bad;

import dev.herald.annotation.Wire;

public final class Sealed {
  @Wire public sealed interface Command permits Move, Stop {}

  @Wire
  public record Move(int dx) implements Command {}

  public record Stop() implements Command {}

  private Sealed() {}
}
