package dev.herald.benchmarks.routing;

import dev.herald.benchmarks.routing.RoutingMessages.*;

/** One instance of each of the 50 routed message types, for warming up every route. */
final class AllMessages {
  private AllMessages() {}

  static Object[] create() {
    return new Object[] {
      new Flat00(),
      new Flat01(),
      new Flat02(),
      new Flat03(),
      new Flat04(),
      new Flat05(),
      new Flat06(),
      new Flat07(),
      new Flat08(),
      new Flat09(),
      new Flat10(),
      new Flat11(),
      new Flat12(),
      new Flat13(),
      new Flat14(),
      new Flat15(),
      new Flat16(),
      new Flat17(),
      new Flat18(),
      new Flat19(),
      new Flat20(),
      new Flat21(),
      new Flat22(),
      new Flat23(),
      new Flat24(),
      new Flat25(),
      new Flat26(),
      new Flat27(),
      new Flat28(),
      new Flat29(),
      new Flat30(),
      new Flat31(),
      new Flat32(),
      new Flat33(),
      new Flat34(),
      new Flat35(),
      new Flat36(),
      new Flat37(),
      new Flat38(),
      new Flat39(),
      new Flat40(),
      new Flat41(),
      new Flat42(),
      new Flat43(),
      new Flat44(),
      new Flat45(),
      new Flat46(),
      new Flat47(),
      new Flat48(),
      new Depth3()
    };
  }
}
