package dev.herald.example.migration;

import dev.herald.annotation.Subscribe;
import dev.herald.example.migration.Messages.MoveMade;

/** Counts moves without any synchronization, relying on Guava's serialized handlers. */
public final class MoveCounter {
  private int moves;

  @Subscribe
  void onMove(MoveMade move) {
    moves++;
  }

  public int moves() {
    return moves;
  }
}
