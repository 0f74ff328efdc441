package dev.herald.peers;

import dev.herald.annotation.Wire;

/** The test's wire types. */
final class Messages {
  private Messages() {}

  @Wire(id = 101)
  record Hello(String name) {}

  @Wire(id = 102)
  record Spawn(int unit) {}

  @Wire(id = 103)
  record Order(int unit, int step) {}

  /** Not a wire type: it has no codec. */
  record LocalOnly(int value) {}
}
