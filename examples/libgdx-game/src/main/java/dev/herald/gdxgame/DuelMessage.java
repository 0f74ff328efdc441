package dev.herald.gdxgame;

import dev.herald.annotation.Wire;

/**
 * What crosses the network in a duel. The processor writes a codec for each; every message the
 * server sends depends on the one before, so the client executes them in the order they were sent.
 */
@Wire(id = 40)
public sealed interface DuelMessage
    permits DuelMessage.RoundOpen,
        DuelMessage.MoveChosen,
        DuelMessage.RoundResolved,
        DuelMessage.MatchOver {

  /** Server to client: round {@code round} waits for your move. */
  @Wire(id = 41)
  record RoundOpen(int round) implements DuelMessage {}

  /**
   * A player's move for a round: from the client over the network for blue, posted on the server's
   * own bus for red. {@code Envelope.from()} tells them apart.
   */
  @Wire(id = 42)
  record MoveChosen(int round, Move move) implements DuelMessage {}

  /** Server to client: both moves of a round and who won the exchange (null for a draw). */
  @Wire(id = 43)
  record RoundResolved(int round, Move red, Move blue, Corner winner) implements DuelMessage {}

  /** Server to client: the match is over; {@code winner} is null for a draw. */
  @Wire(id = 44)
  record MatchOver(Corner winner) implements DuelMessage {}
}
