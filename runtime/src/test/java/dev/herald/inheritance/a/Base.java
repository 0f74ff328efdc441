package dev.herald.inheritance.a;

import dev.herald.annotation.Subscribe;
import dev.herald.inheritance.Calls;

/** A package-private handler: only code in this package can override it... */
public class Base {
  @Subscribe
  void on(String message) {
    Calls.LOG.add("Base.on");
  }
}
