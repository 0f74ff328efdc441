package dev.herald.nats;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The numbers one process gave its messages on one subject, as they arrive here: a number
 * that skips some tells how many were lost; one that is not above the last is a redelivery.
 */
final class Numbering {
  /** What {@link #accept} says of a message that arrived twice (a JetStream redelivery). */
  static final long DUPLICATE = -1;
  /** The last number before any arrived: numbers start at 1. */
  private static final long NONE = 0;

  final RemoteProcess sender;
  final String subject;
  private final AtomicLong last = new AtomicLong(NONE);

  Numbering(RemoteProcess sender, String subject) {
    this.sender = sender;
    this.subject = subject;
  }

  /**
   * Notes that message {@code sequence} (at least 1) arrived.
   *
   * @return how many messages before it never arrived (0 when it follows the last one, or is
   *     the first seen), or {@link #DUPLICATE} when it, or a later one, arrived already
   */
  long accept(long sequence) {
    while (true) {
      long before = last.get();
      if (sequence <= before) {
        return DUPLICATE;
      }
      if (last.compareAndSet(before, sequence)) {
        return before == NONE ? 0 : sequence - before - 1;
      }
    }
  }
}
