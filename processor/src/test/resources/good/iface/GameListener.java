package iface;

import dev.herald.annotation.Subscribe;

/** Extends a listener interface, adds a default handler and re-declares an inherited one. */
public interface GameListener extends MoveListener {
  @Subscribe(priority = 2, lane = "ui", sticky = true)
  default void onGameOver(GameOver over) {}

  @Subscribe(priority = 1, serialized = true)
  @Override
  void onMove(Move move);
}
