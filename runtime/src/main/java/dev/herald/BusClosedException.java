package dev.herald;

/**
 * Thrown when a message is sent to a bus that is closed, or is closing: by a post, a send or a
 * stage run that started after {@link MessageBus#shutdown shutdown} began, and by a post that was
 * already under way when it began and reached an asynchronous handler too late for the shutdown to
 * wait for that call (the call is not made). It is an {@link IllegalStateException}, as the bus's
 * state is what is wrong.
 *
 * @since 0.1
 */
public final class BusClosedException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  BusClosedException(String message) {
    super(message);
  }
}
