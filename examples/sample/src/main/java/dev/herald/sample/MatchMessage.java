package dev.herald.sample;

import dev.herald.annotation.Wire;

/** What crosses the network in the networked match ({@link NetworkedMatch}). */
@Wire(id = 10)
public sealed interface MatchMessage
    permits MatchMessage.Spawn, MatchMessage.Command, MatchMessage.Moved {

  /** Server to client: a unit of yours now exists at (x, y). */
  @Wire(id = 11)
  record Spawn(int unit, int x, int y) implements MatchMessage {}

  /**
   * Client to server: move your unit by (dx, dy). Numbered per unit from 1; each command depends on
   * the previous one for the same unit, so the server applies them in order.
   */
  @Wire(id = 12)
  record Command(int unit, int number, int dx, int dy) implements MatchMessage {}

  /**
   * Server to client: where the unit is after command {@code number} (0: its first position, which
   * depends on the unit's {@link Spawn}, so it never arrives before it).
   */
  @Wire(id = 13)
  record Moved(int unit, int number, int x, int y) implements MatchMessage {}
}
