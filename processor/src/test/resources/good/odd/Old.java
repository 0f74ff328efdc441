package odd;

import dev.herald.annotation.Subscribe;

/** A deprecated listener whose handler takes a deprecated message. */
@Deprecated
public class Old {
  @Subscribe
  void on(Obsolete message) {}

  @Deprecated
  public static final class Obsolete {}
}
