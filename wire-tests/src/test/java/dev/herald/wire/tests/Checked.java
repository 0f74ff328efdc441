package dev.herald.wire.tests;

import dev.herald.annotation.Wire;

/** A record whose constructor refuses some values, which the wire may still carry. */
@Wire(id = 9)
public record Checked(int percent) {
  public Checked {
    if (percent < 0 || percent > 100) {
      throw new IllegalArgumentException("percent must be 0 to 100, not " + percent);
    }
  }
}
