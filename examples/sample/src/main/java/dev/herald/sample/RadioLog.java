package dev.herald.sample;

import dev.herald.DeadMessage;
import dev.herald.annotation.Subscribe;

/** Hears what nobody else answered. */
final class RadioLog {
  @Subscribe
  void onUnanswered(DeadMessage dead) {
    DemoGame.say("radio: no one answered %s", dead.message());
  }
}
