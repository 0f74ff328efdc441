package dev.herald.inheritance;

import java.util.ArrayList;
import java.util.List;

/** What the listeners of these packages record. */
public final class Calls {
  public static final List<String> LOG = new ArrayList<>();

  private Calls() {}
}
