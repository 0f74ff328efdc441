package dev.herald.inheritance.b;

import dev.herald.annotation.Subscribe;
import dev.herald.inheritance.Calls;
import dev.herald.inheritance.a.Middle;

/** Overrides Base.on through Middle: one call per message, not two. */
public class Leaf extends Middle {
  @Override
  @Subscribe
  public void on(String message) {
    Calls.LOG.add("Leaf.on");
  }
}
