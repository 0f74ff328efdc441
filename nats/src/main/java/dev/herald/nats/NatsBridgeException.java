package dev.herald.nats;

/**
 * A failure of a {@link NatsBridge}, given to the bus's error handler (see {@link
 * dev.herald.bridge.Bridge#reportError}). The bridge goes on after each; the subclasses say what
 * went wrong.
 *
 * @since 0.1
 */
public abstract class NatsBridgeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String subject;

  NatsBridgeException(String message, String subject, Throwable cause) {
    super(message, cause);
    this.subject = subject;
  }

  /** The NATS subject concerned, or {@code null} when the failure concerns no one subject. */
  public String subject() {
    return subject;
  }
}
