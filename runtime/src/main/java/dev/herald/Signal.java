package dev.herald;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * A single event with any number of handlers: the lightweight alternative to a bus for per-object
 * events, such as one signal per property of a game entity.
 *
 * <pre>{@code
 * Signal<Integer> healthChanged = new Signal<>();
 * healthChanged.add(bar::show);
 * healthChanged.emit(75);
 * }</pre>
 *
 * <p>Handlers run in the order they were added, on the thread that calls {@link #emit}. The list
 * may change while an {@code emit} is running: a handler removed during an {@code emit} is not
 * called from then on, a handler added during an {@code emit} on the same thread is called in that
 * same {@code emit} after the others, and {@link #clear()} stops the {@code emit} in progress. An
 * exception thrown by a handler propagates out of {@code emit}, and the handlers after it do not
 * run for that value.
 *
 * <p>Every method is thread-safe; {@code emit} takes no lock and allocates nothing. Handlers are
 * held strongly. The bus's own handler lists are built on the same mechanism.
 *
 * @param <T> the type of value emitted
 * @since 0.1
 */
public final class Signal<T> {
  private final Stamps stamps = new Stamps();
  private final HandlerList<Handler<T>> handlers = new HandlerList<>(null);

  /** Creates a signal with no handlers. */
  public Signal() {}

  /**
   * Adds {@code handler} at the end of the list.
   *
   * @return {@code false}, changing nothing, if an equal handler is already present
   */
  public boolean add(Consumer<? super T> handler) {
    Objects.requireNonNull(handler, "handler");
    synchronized (handlers) {
      if (find(handler) != null) {
        return false;
      }
      handlers.add(new Handler<T>(stamps.next(), handler));
      return true;
    }
  }

  /**
   * Removes {@code handler}; an {@code emit} in progress does not call it from then on.
   *
   * @return {@code false} if no equal handler was present
   */
  public boolean remove(Consumer<? super T> handler) {
    Objects.requireNonNull(handler, "handler");
    synchronized (handlers) {
      Handler<T> found = find(handler);
      if (found == null) {
        return false;
      }
      found.retire();
      handlers.remove(found);
      return true;
    }
  }

  /**
   * Calls every handler with {@code value}.
   *
   * @return how many handlers ran
   */
  public int emit(T value) {
    return handlers.dispatch(value, Handler.CALL);
  }

  /** Removes every handler, stopping an {@code emit} in progress. */
  public void clear() {
    synchronized (handlers) {
      handlers.clear();
    }
  }

  /** How many handlers there are now. */
  public int size() {
    return handlers.size();
  }

  /** Whether there are no handlers. */
  public boolean isEmpty() {
    return handlers.isEmpty();
  }

  private Handler<T> find(Consumer<? super T> handler) {
    for (Handler<T> present : handlers.toList()) {
      if (present.consumer.equals(handler)) {
        return present;
      }
    }
    return null;
  }

  private static final class Handler<T> extends HandlerList.Node {
    static final Call CALL = new Call();

    final Consumer<? super T> consumer;

    Handler(long stamp, Consumer<? super T> consumer) {
      super(stamp);
      this.consumer = consumer;
    }
  }

  private static final class Call implements HandlerList.Visitor<Handler<?>, Object> {
    @Override
    @SuppressWarnings("unchecked")
    public int visit(Handler<?> handler, Object value) {
      ((Consumer<Object>) handler.consumer).accept(value);
      return 1;
    }
  }
}
