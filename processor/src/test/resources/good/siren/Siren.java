package siren;

import dev.herald.annotation.Subscribe;

/** Alarm does not exist until another processor generates it. */
public class Siren {
  @Subscribe
  void on(Alarm alarm) {}
}
