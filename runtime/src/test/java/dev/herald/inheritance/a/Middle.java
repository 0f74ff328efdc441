package dev.herald.inheritance.a;

import dev.herald.inheritance.Calls;

/** ...which this class does, publicly and without @Subscribe, so subclasses anywhere can. */
public class Middle extends Base {
  @Override
  public void on(String message) {
    Calls.LOG.add("Middle.on");
  }
}
