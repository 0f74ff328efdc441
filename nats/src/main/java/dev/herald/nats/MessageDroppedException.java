package dev.herald.nats;

/**
 * A message the bridge could not hand to NATS: the publish buffer was full while the connection was
 * down, the connection was closed, or JetStream did not acknowledge it after every retry. It was
 * not sent. {@link #droppedSoFar()} counts every message this bridge has dropped.
 *
 * @since 0.1
 */
public final class MessageDroppedException extends NatsBridgeException {
  private static final long serialVersionUID = 1L;

  private final transient Object dropped;
  private final long droppedSoFar;

  MessageDroppedException(Object dropped, String subject, long droppedSoFar, Throwable cause) {
    super(
        "Dropped "
            + dropped
            + " for subject "
            + subject
            + " ("
            + droppedSoFar
            + " dropped by this bridge so far): "
            + cause.getMessage(),
        subject,
        cause);
    this.dropped = dropped;
    this.droppedSoFar = droppedSoFar;
  }

  /** The message that was not sent. */
  public Object dropped() {
    return dropped;
  }

  /** How many messages this bridge has dropped, this one included. */
  public long droppedSoFar() {
    return droppedSoFar;
  }
}
