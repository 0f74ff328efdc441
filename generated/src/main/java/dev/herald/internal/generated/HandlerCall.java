package dev.herald.internal.generated;

/**
 * One handler method bound to one listener: calling {@link #call} calls that method on that
 * listener with the message alone. The bus makes one per handler when a listener is registered
 * ({@link Dispatcher#bind}) and keeps them in an array per message class, so that a plain post is a
 * loop of {@code call} calls, the shape of a hand-written loop over listeners; neighbouring calls
 * of one class it makes together, with {@link #callAll}.
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

  /**
   * Makes the calls {@code calls[from]} to {@code calls[to - 1]}, in order, each with {@code
   * message}: what a plain post does for each run of calls of one class. A call that throws is
   * reported to {@code failures}, and the next call is made unless {@code failures} throws. The bus
   * calls this on {@code calls[from]}, and every call of the run is of its class.
   *
   * <p>The processor overrides it in each dispatcher's call class with a loop that makes every call
   * itself, so that a post to many listeners of one class is a loop compiled for that class, as a
   * hand-written loop over those listeners is, rather than one call through the bus per listener.
   * This implementation, for other calls, calls {@link #call} on each.
   *
   * @return how many of the handlers ran: those that returned, and those whose failure {@code
   *     failures} counted as run
   */
  public int callAll(HandlerCall[] calls, int from, int to, Object message, FailedCalls failures) {
    int ran = 0;
    for (int i = from; i < to; i++) {
      try {
        calls[i].call(message);
        ran++;
      } catch (Throwable failure) {
        ran += failures.failed(failure, i, message);
      }
    }
    return ran;
  }

  /**
   * Where {@link #callAll} reports a call that threw: the bus, which reports a handler's failure to
   * its error handler and stops a post whose chain overflowed the stack.
   *
   * @since 0.1
   */
  public interface FailedCalls {
    /**
     * Handles {@code failure}, thrown by {@code calls[index]} of a {@link #callAll} for {@code
     * message}.
     *
     * @return 1 if the handler ran (and its failure is reported), 0 if it did not (its call was
     *     closed, or its listener collected)
     * @throws RuntimeException or {@link Error} to end the post, as an error handler that rethrows
     *     or a chain of posts too deep for the stack does
     */
    int failed(Throwable failure, int index, Object message);
  }

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
