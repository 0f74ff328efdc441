package reply;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;

/** Every handler takes an envelope: nothing to deliver without one. */
public final class Eavesdropper {
  @Subscribe
  void overheard(Question question, Envelope envelope) {}
}
