package dev.herald.gdxgame;

/** What a fighter does in a round: each move beats one other and loses to the third. */
public enum Move {
  STRIKE,
  GUARD,
  FEINT;

  /** Whether this move wins the exchange against {@code other}. */
  boolean beats(Move other) {
    switch (this) {
      case STRIKE:
        return other == FEINT;
      case GUARD:
        return other == STRIKE;
      default:
        return other == GUARD;
    }
  }
}
