package dev.herald.nats;

/**
 * A message from another process that this one cannot read: its bytes are not a frame of a wire
 * type this program knows, or it is not of the type its subject was imported for. The message is
 * not posted; the bridge goes on with the next one.
 *
 * @since 0.1
 */
public final class MalformedPayloadException extends NatsBridgeException {
  private static final long serialVersionUID = 1L;

  private final String origin;

  MalformedPayloadException(String what, String subject, String origin, Throwable cause) {
    super(
        "Malformed message on subject "
            + subject
            + " from "
            + origin
            + ": "
            + what
            + ". Do both processes have the same version of the wire types?",
        subject,
        cause);
    this.origin = origin;
  }

  /**
   * The process that sent it, as its subject's second token names it (its bridge's {@link
   * NatsBridge#origin()}); {@code "unknown"} for a reply to a request, which comes on an inbox, and
   * for a subject that names no valid origin.
   */
  public String origin() {
    return origin;
  }
}
