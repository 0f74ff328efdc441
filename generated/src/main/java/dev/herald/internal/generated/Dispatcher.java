package dev.herald.internal.generated;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Calls the handler methods of one listener class directly, with plain Java calls.
 *
 * <p>Herald's processor writes one subclass per class with {@code @Subscribe} methods, named {@code
 * Outer_Inner_Dispatcher} and placed in the listener's package so that package-private handlers are
 * callable. The table given to the constructor lists the handlers the class declares, plus those it
 * inherits from superclasses that have no dispatcher of their own; the runtime adds the handlers of
 * superclasses that do have one by walking up the class hierarchy, leaving out those {@linkplain
 * HandlerInfo#overrides overridden} here.
 *
 * <p>A dispatcher is stateless and thread-safe.
 *
 * @param <L> the listener class
 * @since 0.1
 */
public abstract class Dispatcher<L> {
  private final Class<?> listenerType;
  private final List<HandlerInfo> handlers;

  /**
   * @param listenerType the listener class (its erasure, for a generic class)
   * @param handlers the handler table; {@link #call} and {@link #invoke} take a position in it
   */
  protected Dispatcher(Class<?> listenerType, HandlerInfo... handlers) {
    this.listenerType = Objects.requireNonNull(listenerType, "listenerType");
    this.handlers = Collections.unmodifiableList(Arrays.asList(handlers.clone()));
  }

  /** The listener class this dispatcher was generated for. */
  public final Class<?> listenerType() {
    return listenerType;
  }

  /** The handler table, in the order the processor wrote it. */
  public final List<HandlerInfo> handlers() {
    return handlers;
  }

  /**
   * Calls handler number {@code handler} of the table on {@code listener} with {@code message}
   * alone, and drops what it returns: what a delivery that needs no envelope and no reply calls,
   * when it is not a plain post (which makes the {@linkplain #bind bound} call). {@code message}
   * is, as the caller guarantees, an instance of the handler's {@linkplain
   * HandlerInfo#messageType() message type}.
   *
   * <p>This method is separate from {@link #invoke}, and {@code void}, because the call is made
   * once per handler per message, and a {@code void} call that passes the message alone costs much
   * less than one through {@code invoke} (the measurement is in docs/performance.md).
   *
   * @throws IndexOutOfBoundsException if the handler {@linkplain HandlerInfo#takesEnvelope() takes
   *     an envelope} (call {@link #invoke}) or there is no such handler ({@link HandlerCall.Closed}
   *     for the number of a closed call)
   * @throws Throwable whatever the handler method throws
   */
  public abstract void call(int handler, L listener, Object message) throws Throwable;

  /**
   * Calls handler number {@code handler} of the table on {@code listener} with {@code message}, and
   * the envelope if the handler takes one, and returns what the handler returned. The bus calls it
   * for requests, for handlers that take an envelope, and for asynchronous handlers.
   *
   * <p>The processor overrides it for classes that have such handlers, or handlers that return a
   * value; this implementation, for the rest, {@linkplain #call calls} and returns {@code null}.
   *
   * @param envelope the delivery's {@code dev.herald.Envelope}, for handlers that {@linkplain
   *     HandlerInfo#takesEnvelope() take one} (typed {@code Object} because this contract does not
   *     depend on the runtime); may be null for the others
   * @return what the handler returned (boxed if primitive), or {@code null} for a {@code void}
   *     handler
   * @throws IndexOutOfBoundsException if there is no such handler
   * @throws Throwable whatever the handler method throws
   */
  public Object invoke(int handler, L listener, Object message, Object envelope) throws Throwable {
    call(handler, listener, message);
    return null;
  }

  /**
   * Binds handler number {@code handler} of the table, one that takes the message alone, to {@code
   * listener}: the call a plain post makes for each message. The bus binds each such handler when
   * the listener is registered, and only for listeners it holds strongly.
   *
   * <p>The processor overrides it with a call class of the dispatcher's own, so that the bus's call
   * lands in code compiled for this listener class; this implementation, for dispatchers written
   * before {@code bind} existed, returns a call that goes through {@link #call}.
   *
   * @throws IndexOutOfBoundsException from this implementation, if there is no such handler or it
   *     takes an envelope; a generated {@code bind} does not check, and its call fails when made,
   *     as {@link #call} does
   */
  public HandlerCall bind(int handler, L listener) {
    if (handler < 0 || handler >= handlers.size() || handlers.get(handler).takesEnvelope()) {
      throw noSuchHandler(handler);
    }
    return UnboundCall.of(this, handler, listener);
  }

  /**
   * For the {@code default} branch of a generated {@link #call} or {@link #invoke}: for the number
   * of a {@linkplain HandlerCall#close closed} call, {@link HandlerCall.Closed}.
   */
  protected static IndexOutOfBoundsException noSuchHandler(int handler) {
    if (handler == HandlerCall.CLOSED) {
      return HandlerCall.Closed.instance();
    }
    return new IndexOutOfBoundsException("No handler number " + handler);
  }

  @Override
  public String toString() {
    return getClass().getName() + handlers;
  }

  /** {@link #bind}'s call for a dispatcher that does not override it. */
  private static final class UnboundCall<L> extends HandlerCall {
    private final Dispatcher<L> dispatcher;
    private final L listener;

    private UnboundCall(Dispatcher<L> dispatcher, int handler, L listener) {
      super(handler);
      this.dispatcher = dispatcher;
      this.listener = listener;
    }

    /**
     * Typed as any call, so that verifying {@link Dispatcher} does not load this class: a generated
     * dispatcher never needs it, and each class loaded costs a program's start.
     */
    static <L> HandlerCall of(Dispatcher<L> dispatcher, int handler, L listener) {
      return new UnboundCall<>(dispatcher, handler, listener);
    }

    @Override
    public void call(Object message) throws Throwable {
      if (isClosed()) {
        throw Closed.instance(); // a hand-written call may not look at the number
      }
      dispatcher.call(handler(), listener, message);
    }
  }
}
