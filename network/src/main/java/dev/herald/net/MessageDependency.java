package dev.herald.net;

/**
 * A handle on one sent message, passed to later sends to make them depend on it.
 *
 * <p>A handle starts empty and is filled by {@link Connection#trySend}, or comes filled from {@link
 * Connection#send}. A handle is filled once: reusing it for another message throws, unless it is
 * {@linkplain #clear() emptied} first (a sender that keeps a ring of handles reuses them that way
 * and allocates nothing per message). Once the sender knows that the peer executed the message and
 * every one sent before it, passing the handle as a dependency costs nothing: it is left out of the
 * wire format. Handles belong to the connection that filled them. Not thread-safe, like the
 * connection.
 *
 * @since 0.1
 */
public final class MessageDependency {

  Connection owner;
  int number;

  /** Creates an empty handle, to be filled by {@link Connection#trySend}. */
  public MessageDependency() {}

  /** Returns whether the handle names a sent message. */
  public boolean isFilled() {
    return owner != null;
  }

  /**
   * Empties the handle so that a later send can fill it again. The message it named is not
   * affected; only this way of naming it is gone.
   */
  public void clear() {
    owner = null;
    number = 0;
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
    return filled().owner.isKnownExecuted(number);
  }

  MessageDependency filled() {
    if (owner == null) {
      throw new IllegalStateException(
          "this MessageDependency names no message yet: fill it with Connection.trySend first");
    }
    return this;
  }

  @Override
  public String toString() {
    return owner == null
        ? "MessageDependency[empty]"
        : "MessageDependency[" + (number & SequenceNumbers.MASK) + "]";
  }
}
