package dev.herald.nats;

/**
 * The NATS server refused something this bridge published, most often because the user it connects
 * as may not publish on that subject. A bridge publishes on subjects whose second token is its
 * origin ({@code herald.lobby-1.com.acme.Goal}, {@code _HERALD.lobby-1.to.lobby-2}), so the user of
 * the process named {@code lobby-1} needs permission to publish on {@code herald.lobby-1.>} (the
 * prefix, then the origin, for each prefix or explicit subject's first token it exports on) and
 * {@code _HERALD.lobby-1.>}, and to answer requests on {@code _INBOX.>}. The refused message is
 * lost; its receivers see the gap.
 *
 * @since 0.1
 */
public final class PublishRefusedException extends NatsBridgeException {
  private static final long serialVersionUID = 1L;

  PublishRefusedException(String serverError, String subject) {
    super(
        "The NATS server refused a publication: "
            + serverError
            + ". Does the user this bridge"
            + " connects as have permission to publish on subjects whose second token is its origin?",
        subject,
        null);
  }
}
