package dev.herald.inheritance.a;

import dev.herald.annotation.Subscribe;
import dev.herald.inheritance.Calls;

public class Root {
  @Subscribe
  void on(Integer message) {
    Calls.LOG.add("Root.on");
  }
}
