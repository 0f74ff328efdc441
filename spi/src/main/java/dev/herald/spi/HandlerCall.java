package dev.herald.spi;

/**
 * One handler method bound to one listener: calling {@link #deliver} calls that method on that
 * listener with the message alone. The bus makes one per handler when a listener is
 * registered ({@link Dispatcher#bind}) and keeps them in an array per message class, so that a
 * plain post is a loop of {@code deliver} calls, the shape of a hand-written loop over
 * listeners.
 *
 * <p>The processor writes one subclass per dispatcher, so that each such call lands directly in
 * code compiled for one listener class.
 */
public abstract class HandlerCall {
  /** For subclasses. */
  protected HandlerCall() {}

  /**
   * Calls the handler with {@code message}, dropping what it returns. {@code message} is, as
   * the caller guarantees, an instance of the handler's {@linkplain HandlerInfo#messageType()
   * message type}.
   *
   * @throws Throwable whatever the handler method throws
   */
  public abstract void deliver(Object message) throws Throwable;
}
