package reply;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;

public final class Oracle {
  @Subscribe
  String answer(Question question) {
    return "42";
  }

  @Subscribe
  void overheard(Question question, Envelope envelope) {}

  @Subscribe(hidden = true)
  int count(Object anything, Envelope envelope) {
    return 1;
  }
}
