package dev.herald.inheritance.a;

import dev.herald.annotation.Subscribe;
import dev.herald.inheritance.Calls;
import dev.herald.inheritance.b.Branch;

/** In Root's package again, it overrides both Branch.on and Root.on: one call per message. */
public class Twig extends Branch {
  @Override
  @Subscribe
  public void on(Integer message) {
    Calls.LOG.add("Twig.on");
  }
}
