package dev.herald.example.migration;

import dev.herald.annotation.Subscribe;
import dev.herald.example.migration.Messages.MoveMade;

/**
 * A listener interface as Guava users write them: the handler is declared once, here, and engines,
 * tests and user interfaces implement it, as classes, anonymous classes or lambdas.
 */
@FunctionalInterface
public interface MoveListener {
  @Subscribe
  void onMove(MoveMade move);
}
