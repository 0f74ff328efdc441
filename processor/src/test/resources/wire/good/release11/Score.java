package release11;

import dev.herald.annotation.Wire;
import java.util.List;

/** Java 11: a final class with a constructor and accessors. */
@Wire(id = 31)
public final class Score {
  private final String player;
  private final Level level;
  private final List<Integer> points;

  public Score(String player, Level level, List<Integer> points) {
    this.player = player;
    this.level = level;
    this.points = points;
  }

  public String player() {
    return player;
  }

  public Level level() {
    return level;
  }

  public List<Integer> points() {
    return points;
  }
}
