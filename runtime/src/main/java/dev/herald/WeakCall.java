package dev.herald;

import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.HandlerCall;
import java.lang.ref.WeakReference;

/**
 * The call of a handler of a weakly held listener: it must not hold the listener, so it holds the
 * weak reference, goes through the dispatcher with the listener of the moment, and says when there
 * is none.
 */
final class WeakCall extends HandlerCall {
  private final Dispatcher<Object> dispatcher;
  private final WeakReference<Object> listener;

  private WeakCall(Dispatcher<Object> dispatcher, int handler, WeakReference<Object> listener) {
    super(handler);
    this.dispatcher = dispatcher;
    this.listener = listener;
  }

  /**
   * Typed as any call, so that verifying {@link Subscriber} does not load this class in a program
   * that holds every listener strongly: each class loaded costs a program's start.
   */
  static HandlerCall of(
      Dispatcher<Object> dispatcher, int handler, WeakReference<Object> listener) {
    return new WeakCall(dispatcher, handler, listener);
  }

  @Override
  public void call(Object message) throws Throwable {
    Object now = isClosed() ? null : listener.get();
    if (now == null) {
      throw Collected.INSTANCE; // not run: collected, or closed meanwhile
    }
    dispatcher.call(handler(), now, message);
  }

  /**
   * Thrown instead of calling a collected listener's handler, so that the post neither counts it as
   * run nor keeps it: rare (once per collected listener, until the purge) and made once.
   */
  static final class Collected extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final Collected INSTANCE = new Collected();

    private Collected() {
      super("the listener was collected", null, false, false);
    }
  }
}
