package dev.herald;

import java.util.Objects;

/**
 * A message that reached no handler, or only {@linkplain dev.herald.annotation.Subscribe#hidden
 * hidden} ones. The bus posts it in place of the message it wraps, so a handler of
 * {@code DeadMessage} can log or redirect what nobody received. A {@code DeadMessage} that
 * itself reaches nobody is dropped.
 */
public final class DeadMessage {
  private final Object message;

  /** Wraps {@code message}, which nobody received. */
  public DeadMessage(Object message) {
    this.message = Objects.requireNonNull(message, "message");
  }

  /** The message nobody received. */
  public Object message() {
    return message;
  }

  @Override
  public String toString() {
    return "DeadMessage[" + message + "]";
  }
}
