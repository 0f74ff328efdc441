package dev.herald.wire.tests;

import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;

/** A listener of wire messages, so that this module also holds a generated dispatcher to check. */
final class Listener {
  final List<Point> points = new ArrayList<>();

  @Subscribe
  void on(Point point) {
    points.add(point);
  }
}
