package dev.herald;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.List;

/**
 * Records every event it receives, as {@code "e"} or, given a name, {@code "name:e"}, then runs its
 * action: the listener most tests need.
 */
final class EventRecorder {
  final List<String> log;
  private final String prefix;

  /** What it does after recording; nothing unless a test sets it. */
  Runnable action = () -> {};

  EventRecorder(List<String> log) {
    this.log = log;
    this.prefix = "";
  }

  EventRecorder(List<String> log, String name) {
    this.log = log;
    this.prefix = name + ":";
  }

  @Subscribe
  void on(Event event) {
    log.add(prefix + event.name);
    action.run();
  }
}
