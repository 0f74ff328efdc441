package dev.herald.example.migration;

import dev.herald.annotation.Subscribe;
import dev.herald.example.migration.Messages.GameOver;
import dev.herald.example.migration.Messages.MoveMade;
import java.util.List;

/**
 * Writes every move and result to a list. Registered and then held by nobody but the bus, as a
 * Guava user registers a logger: {@code register} must keep it.
 */
public final class GameLog {
  private final List<String> lines;

  public GameLog(List<String> lines) {
    this.lines = lines;
  }

  @Subscribe
  void onMove(MoveMade move) {
    lines.add(move.ply() + ". " + move.move());
  }

  @Subscribe
  void onGameOver(GameOver over) {
    lines.add("result " + over.result());
  }
}
