package dev.herald.guice;

import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;

/** A listener with no scope of its own: each injection makes a new one. */
class Radar {
  final List<Alarm> heard = new ArrayList<>();

  @Subscribe
  void on(Alarm alarm) {
    heard.add(alarm);
  }
}
