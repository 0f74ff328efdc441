package reply;

import dev.herald.annotation.Subscribe;

final class AlwaysAnswers {
  @Subscribe
  String answer(Question question) {
    return "yes";
  }
}
