package dev.herald.inheritance.b;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;
import dev.herald.inheritance.Calls;
import dev.herald.inheritance.a.Radio;

/** Overrides only the envelope overload: the other one still runs. */
public class LoudRadio extends Radio {
  @Override
  @Subscribe
  public void hear(Long message, Envelope envelope) {
    Calls.LOG.add("LoudRadio.hear+envelope");
  }
}
