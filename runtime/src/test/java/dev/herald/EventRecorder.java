package dev.herald;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.List;

/** Records the name of every event it receives: the listener many tests need. */
final class EventRecorder {
  final List<String> log;

  EventRecorder(List<String> log) {
    this.log = log;
  }

  @Subscribe
  void on(Event event) {
    log.add(event.name);
  }
}
