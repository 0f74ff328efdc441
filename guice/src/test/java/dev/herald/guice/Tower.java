package dev.herald.guice;

import com.google.inject.Singleton;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;

/** A singleton listener, by its annotation. */
@Singleton
class Tower {
  final List<Alarm> heard = new ArrayList<>();

  @Subscribe
  void on(Alarm alarm) {
    heard.add(alarm);
  }
}
