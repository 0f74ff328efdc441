package dev.herald.spring;

import dev.herald.annotation.Subscribe;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A listener bean: it records every goal it receives. */
public class Scoreboard {
  final List<String> goals = new CopyOnWriteArrayList<>();

  /** The goals so far; a method, so that a scoped proxy hands the call to its target. */
  public List<String> goals() {
    return goals;
  }

  @Subscribe
  void onGoal(Goal goal) {
    goals.add(goal.team());
  }
}
