package dev.herald.example.modular;

import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;

/** A listener whose handler is package-private, as most are. */
public final class Scoreboard {
  private final List<String> goals = new ArrayList<>();

  @Subscribe
  void onGoal(Goal goal) {
    goals.add(goal.team());
  }

  public List<String> goals() {
    return goals;
  }
}
