package dev.herald.example.migration;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.example.migration.Messages.GameOver;
import dev.herald.example.migration.Messages.MoveMade;

/**
 * Ends the game on a mating move by posting {@link GameOver} from inside the delivery of the move:
 * with Guava's breadth-first order, every listener sees the move before the result.
 */
public final class Referee {
  private final MessageBus bus;

  public Referee(MessageBus bus) {
    this.bus = bus;
  }

  @Subscribe(priority = 10)
  void onMove(MoveMade move) {
    if (move.move().endsWith("#")) {
      bus.post(new GameOver(move.ply() % 2 == 1 ? "1-0" : "0-1"));
    }
  }
}
