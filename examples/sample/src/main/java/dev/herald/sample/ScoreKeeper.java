package dev.herald.sample;

import dev.herald.Signal;
import dev.herald.annotation.Subscribe;
import java.util.Map;
import java.util.TreeMap;

/** Scores each destroyed enemy for the pilot who destroyed it; runs before the spawner. */
final class ScoreKeeper {
  /** A Signal, not the bus: one event of one object, with its own few watchers. */
  final Signal<Integer> totalChanged = new Signal<>();

  private final Map<String, Integer> kills = new TreeMap<>();
  private int total;

  @Subscribe(priority = 10)
  void onEnemyDestroyed(EnemyDestroyed event) {
    kills.merge(event.destroyedBy(), 1, Integer::sum);
    total += 100;
    totalChanged.emit(total);
  }

  Map<String, Integer> kills() {
    return kills;
  }
}
