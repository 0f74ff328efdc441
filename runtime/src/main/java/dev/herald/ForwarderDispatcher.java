package dev.herald;

import dev.herald.spi.Dispatcher;
import dev.herald.spi.HandlerCall;
import dev.herald.spi.HandlerInfo;

/**
 * The dispatcher of a {@link Forwarder}: one hidden handler that takes the message alone. The bus
 * calls {@link #invoke} for it only for a request, since it takes no envelope, is not
 * asynchronous, and ({@link Registration.Builder#forward} refuses a lane) runs on the sending
 * thread; every other delivery comes through {@link #deliver}, or, for a plain post, the
 * {@linkplain #bind bound} call.
 */
final class ForwarderDispatcher extends Dispatcher<Forwarder<Object>> {

  ForwarderDispatcher(Class<?> messageType) {
    super(Forwarder.class, HandlerInfo.of("forward", messageType).hidden());
  }

  @Override
  public void deliver(int handler, Forwarder<Object> listener, Object message) throws Exception {
    if (handler != 0) {
      throw noSuchHandler(handler);
    }
    listener.forward(message);
  }

  @Override
  public Object invoke(int handler, Forwarder<Object> listener, Object message, Object envelope)
      throws Exception {
    if (handler != 0) {
      throw noSuchHandler(handler);
    }
    return new ResponderDispatcher.Replies(listener.forwardRequest(message));
  }

  @Override
  public HandlerCall bind(int handler, Forwarder<Object> listener) {
    if (handler != 0) {
      throw noSuchHandler(handler);
    }
    return new ForwardingCall(listener);
  }

  /** A plain post's call of a forwarder: straight to {@link Forwarder#forward}. */
  private static final class ForwardingCall extends HandlerCall {
    private final Forwarder<Object> forwarder;

    ForwardingCall(Forwarder<Object> forwarder) {
      super(0);
      this.forwarder = forwarder;
    }

    @Override
    public void deliver(Object message) throws Exception {
      if (handler() != 0) {
        throw noSuchHandler(handler()); // closed
      }
      forwarder.forward(message);
    }
  }
}
