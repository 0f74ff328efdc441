package dev.herald;

/**
 * Reported to the bus's {@link ErrorHandler} when a message whose header {@linkplain
 * Header#requireReceiver() requires a receiver} reached no visible handler. Not thrown by {@code
 * post}, which returns normally.
 *
 * @since 0.1
 */
public final class UndeliveredMessageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Object undelivered;
  private final transient Header header;

  UndeliveredMessageException(Object message, Header header) {
    super(
        "No handler received "
            + message
            + " sent with "
            + header
            + ", which requires a receiver (hidden handlers do not count)");
    this.undelivered = message;
    this.header = header;
  }

  /** The message nobody received. */
  public Object undelivered() {
    return undelivered;
  }

  /** The header it was sent with. */
  public Header header() {
    return header;
  }
}
