package dev.herald;

/**
 * Where a handler failed: which bus, which listener and handler, and which message. Given to the
 * {@link ErrorHandler} with the exception.
 *
 * @since 0.1
 */
public final class ErrorContext {
  private final MessageBus bus;
  private final Object listener;
  private final String handler;
  private final Object message;

  ErrorContext(MessageBus bus, Object listener, String handler, Object message) {
    this.bus = bus;
    this.listener = listener;
    this.handler = handler;
    this.message = message;
  }

  /** The bus that was delivering. */
  public MessageBus bus() {
    return bus;
  }

  /** The listener whose handler failed (for a subscription, the handler function). */
  public Object listener() {
    return listener;
  }

  /** The handler that failed, as {@code com.example.Radar.onAttack(com.example.UnderAttack)}. */
  public String handler() {
    return handler;
  }

  /** The message being delivered. */
  public Object message() {
    return message;
  }

  @Override
  public String toString() {
    // no handler: the message reached nobody (a required receiver was missing)
    return handler == null ? "message " + message : "handler " + handler + " on message " + message;
  }
}
