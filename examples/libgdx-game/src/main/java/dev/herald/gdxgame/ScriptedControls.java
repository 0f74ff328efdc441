package dev.herald.gdxgame;

/**
 * Stands in for a player at {@code Gdx.input}: picks the next move of its script for each round it
 * is asked about, at the next input poll.
 */
final class ScriptedControls {
  private final Move[] script;
  private int awaiting;

  ScriptedControls(Move... script) {
    this.script = script.clone();
  }

  /** Round {@code round} waits for this player's move. */
  void ask(int round) {
    awaiting = round;
  }

  /** The move chosen this frame, or null if no round waits for one. */
  DuelMessage.MoveChosen poll() {
    if (awaiting == 0) {
      return null;
    }
    DuelMessage.MoveChosen chosen =
        new DuelMessage.MoveChosen(awaiting, script[(awaiting - 1) % script.length]);
    awaiting = 0;
    return chosen;
  }
}
