package dev.herald.spi;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Calls the handler methods of one listener class directly, with plain Java calls.
 *
 * <p>Herald's processor writes one subclass per class with {@code @Subscribe} methods, named
 * {@code Outer_Inner_Dispatcher} and placed in the listener's package so that package-private
 * handlers are callable. The table given to the constructor lists the handlers the class
 * declares, plus those it inherits from superclasses that have no dispatcher of their own;
 * the runtime adds the handlers of superclasses that do have one by walking up the class
 * hierarchy, leaving out those {@linkplain HandlerInfo#overrides overridden} here.
 *
 * <p>A dispatcher is stateless and thread-safe.
 *
 * @param <L> the listener class
 */
public abstract class Dispatcher<L> {
  private final Class<?> listenerType;
  private final List<HandlerInfo> handlers;

  /**
   * @param listenerType the listener class (its erasure, for a generic class)
   * @param handlers the handler table; {@link #invoke} takes a position in it
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
   * Calls handler number {@code handler} of the table on {@code listener} with
   * {@code message}, which the caller guarantees is an instance of that handler's
   * {@linkplain HandlerInfo#messageType() message type}.
   *
   * @param envelope the delivery's {@code dev.herald.Envelope}, for handlers that
   *     {@linkplain HandlerInfo#takesEnvelope() take one} (typed {@code Object} because this
   *     contract does not depend on the runtime); may be null for the others
   * @return what the handler returned (boxed if primitive), or {@code null} for a
   *     {@code void} handler
   * @throws Throwable whatever the handler method throws
   */
  public abstract Object invoke(int handler, L listener, Object message, Object envelope)
      throws Throwable;

  /** For the {@code default} branch of a generated {@link #invoke}. */
  protected static IndexOutOfBoundsException noSuchHandler(int handler) {
    return new IndexOutOfBoundsException("No handler number " + handler);
  }

  @Override
  public String toString() {
    return getClass().getName() + handlers;
  }
}
