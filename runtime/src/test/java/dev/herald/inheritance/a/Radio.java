package dev.herald.inheritance.a;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;
import dev.herald.inheritance.Calls;

/** Two handlers with one name, one of them taking the envelope. */
public class Radio {
  @Subscribe
  public void hear(Long message) {
    Calls.LOG.add("Radio.hear");
  }

  @Subscribe
  public void hear(Long message, Envelope envelope) {
    Calls.LOG.add("Radio.hear+envelope");
  }
}
