package dev.herald.inheritance.b;

import dev.herald.annotation.Subscribe;
import dev.herald.inheritance.Calls;
import dev.herald.inheritance.a.Root;

/** Its handler does not override Root's package-private one: both are handlers. */
public class Branch extends Root {
  @Subscribe
  public void on(Integer message) {
    Calls.LOG.add("Branch.on");
  }
}
