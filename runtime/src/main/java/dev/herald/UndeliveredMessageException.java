package dev.herald;

/**
 * Reported to the bus's {@link ErrorHandler} when a message whose header {@linkplain
 * Header#requireReceiver() requires a receiver} reached no visible handler. Not thrown by {@code
 * post}, which returns normally. Its message says which handlers came closest to receiving it, and
 * why they did not (see {@link MessageBus#describe()} for the whole table):
 *
 * <pre>
 * No handler received Reinforcements[tanks=3] sent with Header[to=Address.named("hq"),
 * requireReceiver], which requires a receiver (hidden handlers do not count). The name "hq" is
 * bound to no address. Closest: com.example.Headquarters.onReinforcements(com.example.Reinforcements)
 * at Address#7, not the destination
 * </pre>
 *
 * @since 0.1
 */
public final class UndeliveredMessageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Object undelivered;
  private final transient Header header;

  UndeliveredMessageException(Object message, Header header, String nearMisses) {
    super(
        "No handler received "
            + message
            + " sent with "
            + header
            + ", which requires a receiver (hidden handlers do not count). "
            + nearMisses);
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
