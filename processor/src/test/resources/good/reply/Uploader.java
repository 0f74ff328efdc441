package reply;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;

final class Uploader {
  @Subscribe(async = true)
  void upload(Question question) {}

  @Subscribe(async = true, concurrent = true, priority = 2)
  void archive(Question question, Envelope envelope) {}
}
