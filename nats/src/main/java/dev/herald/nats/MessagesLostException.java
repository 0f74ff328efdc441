package dev.herald.nats;

/**
 * Messages another process exported that never arrived here: the sequence numbers its bridge gives
 * each subject's messages skipped {@link #count()} of them (lost in flight when a server went down,
 * or sent while this process was not subscribed). A {@link MessagesLost} is posted on the bus too.
 * Core NATS promises at most once; export through JetStream where every message matters.
 *
 * @since 0.1
 */
public final class MessagesLostException extends NatsBridgeException {
  private static final long serialVersionUID = 1L;

  private final String origin;
  private final long count;

  MessagesLostException(String origin, String subject, long count) {
    super(
        count + " message(s) from " + origin + " on subject " + subject + " never arrived",
        subject,
        null);
    this.origin = origin;
    this.count = count;
  }

  /** The process whose messages were lost. */
  public String origin() {
    return origin;
  }

  /** How many were lost in this gap. */
  public long count() {
    return count;
  }
}
