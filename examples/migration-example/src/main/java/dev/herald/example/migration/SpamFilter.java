package dev.herald.example.migration;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;
import dev.herald.example.migration.Messages.MailReceived;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs before everything else that receives mail and stops spam there, as greenrobot's {@code
 * cancelEventDelivery} would: no view, lane or logger receives it.
 */
public final class SpamFilter {
  private final AtomicInteger stopped = new AtomicInteger();

  @Subscribe(priority = 100)
  void filter(MailReceived mail, Envelope envelope) {
    if (mail.spam()) {
      stopped.incrementAndGet();
      envelope.cancelDelivery();
    }
  }

  public int stopped() {
    return stopped.get();
  }
}
