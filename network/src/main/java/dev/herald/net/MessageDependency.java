package dev.herald.net;

/**
 * A handle on one sent message, passed to later sends to make them depend on it.
 *
 * <p>A handle starts empty and is filled by {@link Connection#trySend}, or comes filled from
 * {@link Connection#send}. A handle is filled once: reusing it for another message throws.
 * Once the sender knows that the peer executed the message and every one sent before it,
 * passing the handle as a dependency costs nothing: it is left out of the wire format. Handles belong to the connection that
 * filled them. Not thread-safe, like the connection.
 */
public final class MessageDependency {

  OutgoingMessage message;

  /** Creates an empty handle, to be filled by {@link Connection#trySend}. */
  public MessageDependency() {}

  /** Returns whether the handle names a sent message. */
  public boolean isFilled() {
    return message != null;
  }

  /**
   * Returns the message's 15-bit sequence number.
   *
   * @throws IllegalStateException if the handle is empty
   */
  public int sequence() {
    return filled().number & SequenceNumbers.MASK;
  }

  /** Returns whether the sender knows that the peer executed the message. */
  public boolean isKnownExecuted() {
    return filled().knownExecuted;
  }

  OutgoingMessage filled() {
    if (message == null) {
      throw new IllegalStateException("this MessageDependency names no message yet: fill it with Connection.trySend first");
    }
    return message;
  }

  @Override
  public String toString() {
    return message == null ? "MessageDependency[empty]" : "MessageDependency[" + (message.number & SequenceNumbers.MASK) + "]";
  }
}
