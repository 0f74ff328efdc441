package dev.herald;

import java.util.Objects;

/**
 * A message that reached no handler, or only {@linkplain dev.herald.annotation.Subscribe#hidden
 * hidden} ones. The bus posts it in place of the message it wraps, so a handler of {@code
 * DeadMessage} can log or redirect what nobody received. A {@code DeadMessage} that itself reaches
 * nobody is dropped.
 *
 * @since 0.1
 */
public final class DeadMessage {
  private final Object message;
  private final Envelope envelope;

  /** Wraps {@code message}, which nobody received. */
  public DeadMessage(Object message) {
    this(message, null);
  }

  DeadMessage(Object message, Envelope envelope) {
    this.message = Objects.requireNonNull(message, "message");
    this.envelope = envelope;
  }

  /** The message nobody received. */
  public Object message() {
    return message;
  }

  /**
   * How the message was sent, or {@code null} if it was posted without a header or sender (or the
   * {@code DeadMessage} was made by hand).
   */
  public Envelope envelope() {
    return envelope;
  }

  @Override
  public String toString() {
    return "DeadMessage[" + message + "]";
  }
}
