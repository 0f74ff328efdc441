package dev.herald.processor;

import java.util.ArrayList;
import java.util.List;

/** What the handlers compiled by {@link EditAndRebuildTest} were called with. */
public final class RebuildLog {
  private static final List<String> CALLS = new ArrayList<>();

  public static synchronized void add(String call) {
    CALLS.add(call);
  }

  static synchronized List<String> drain() {
    List<String> calls = new ArrayList<>(CALLS);
    CALLS.clear();
    return calls;
  }

  private RebuildLog() {}
}
