package iface;

import dev.herald.annotation.Subscribe;

/** A functional listener interface: lambdas, anonymous classes and mocks all implement it. */
@FunctionalInterface
public interface MoveListener {
  @Subscribe
  void onMove(Move move);
}
