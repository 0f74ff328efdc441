package release11;

import dev.herald.annotation.Wire;

/** Java 11: no records, no sealed types. */
@Wire(id = 30)
public enum Level {
  EASY,
  HARD
}
