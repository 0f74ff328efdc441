package dev.herald.jcstress;

import dev.herald.BusClosedException;
import dev.herald.MessageBus;

/** A post as an outcome: how many handlers ran, or which way it failed. */
final class Posting {
  /** A post refused because the bus was closed. */
  static final int REFUSED = -1;

  /** A post that failed in any other way: a defect of the bus. */
  static final int FAILED = -2;

  private Posting() {}

  /**
   * Posts {@code message}: the number of handlers that ran, {@link #REFUSED} or {@link #FAILED}.
   */
  static int post(MessageBus bus, Object message) {
    try {
      return bus.post(message);
    } catch (BusClosedException refused) {
      return REFUSED;
    } catch (RuntimeException | Error failed) {
      return FAILED;
    }
  }
}
