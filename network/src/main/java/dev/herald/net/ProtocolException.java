package dev.herald.net;

/**
 * Thrown when a received packet breaks the protocol. The packet has been discarded as a whole:
 * nothing in it was executed or acknowledged, and the connection is as it was.
 *
 * @since 0.1
 */
public final class ProtocolException extends Exception {

  private static final long serialVersionUID = 1L;

  private final ProtocolError error;

  /** Creates an exception for {@code error}, with {@code detail} for the message. */
  public ProtocolException(ProtocolError error, String detail) {
    super(error.description() + ": " + detail);
    this.error = error;
  }

  /** Returns what was wrong. */
  public ProtocolError error() {
    return error;
  }
}
