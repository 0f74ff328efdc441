package dev.herald.nats;

/**
 * Posted on the bus when messages from another process went missing (see {@link
 * MessagesLostException}, which goes to the error handler at the same time). A local message, never
 * exported.
 *
 * @since 0.1
 */
public final class MessagesLost {
  private final String origin;
  private final String subject;
  private final long count;

  MessagesLost(String origin, String subject, long count) {
    this.origin = origin;
    this.subject = subject;
    this.count = count;
  }

  /** The process whose messages were lost ({@link NatsBridge#origin()} there). */
  public String origin() {
    return origin;
  }

  /** The subject they were sent on, as the sender's bridge was given it (without its origin). */
  public String subject() {
    return subject;
  }

  /** How many were lost in this gap. */
  public long count() {
    return count;
  }

  @Override
  public String toString() {
    return "MessagesLost[" + count + " from " + origin + " on " + subject + "]";
  }
}
