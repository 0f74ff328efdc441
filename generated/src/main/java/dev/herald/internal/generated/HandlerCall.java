package dev.herald.internal.generated;

/**
 * One handler method bound to one listener: calling {@link #call} calls that method on that
 * listener with the message alone. The bus makes one per handler when a listener is registered
 * ({@link Dispatcher#bind}) and keeps them in an array per message class, so that a plain post is a
 * loop of {@code call} calls, the shape of a hand-written loop over listeners.
 *
 * <p>The processor writes one subclass per dispatcher, so that each such call lands directly in
 * code compiled for one listener class. It calls the handler by its number, {@link #handler()},
 * which the bus changes to a number no handler has when it {@linkplain #close closes} the call: the
 * dispatcher's {@code switch} then throws {@link Closed}. That is how a handler closed during a
 * delivery stops being called, with no check of its own on the way.
 *
 * @since 0.1
 */
public abstract class HandlerCall {
  /** The number of no handler: what {@link #handler()} is once the call is closed. */
  static final int CLOSED = -1;

  private int handler;

  /**
   * @param handler the handler's number in its dispatcher's table
   */
  protected HandlerCall(int handler) {
    if (handler < 0) {
      throw new IndexOutOfBoundsException("No handler number " + handler);
    }
    this.handler = handler;
  }

  /**
   * Calls the handler with {@code message}, dropping what it returns. {@code message} is, as the
   * caller guarantees, an instance of the handler's {@linkplain HandlerInfo#messageType() message
   * type}.
   *
   * @throws Closed if the call was closed: the handler did not run
   * @throws Throwable whatever the handler method throws
   */
  public abstract void call(Object message) throws Throwable;

  /** The handler's number in its dispatcher's table, or a number no handler has once closed. */
  protected final int handler() {
    return handler;
  }

  /**
   * Called by the bus when the handler leaves (its registration closed): from then on {@link #call}
   * throws {@link Closed} instead of calling it.
   */
  public final void close() {
    handler = CLOSED;
  }

  /** Whether the bus has closed this call. */
  public final boolean isClosed() {
    return handler == CLOSED;
  }

  /**
   * What {@link #call} throws once the call is closed, telling the bus that the handler did not
   * run: the {@link Dispatcher#noSuchHandler} of the number a closed call has. Made once, with no
   * stack trace: it is part of the bus's control flow, not an error.
   *
   * @since 0.1
   */
  public static final class Closed extends IndexOutOfBoundsException {
    private static final long serialVersionUID = 1L;
    static final Closed INSTANCE = new Closed();

    private Closed() {
      super("The handler's registration was closed");
    }

    /**
     * The one instance, typed as its superclass so that verifying the code that returns it ({@link
     * Dispatcher#noSuchHandler}) does not load this class before a call is closed: each class
     * loaded costs a program's start.
     */
    static IndexOutOfBoundsException instance() {
      return INSTANCE;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this; // made once, thrown many times: a stack trace would be of the first throw
    }
  }
}
