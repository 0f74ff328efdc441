package dev.herald;

import dev.herald.bridge.Forwarder;
import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.HandlerInfo;

/**
 * The dispatcher of a {@link Forwarder}: one hidden handler that takes the message alone. The bus
 * calls {@link #invoke} for it only for a request, since it takes no envelope, is not asynchronous,
 * and ({@link Registration.Builder#forward} refuses a lane) runs on the sending thread; every other
 * delivery, a plain post's bound call included, comes through {@link #call}.
 */
final class ForwarderDispatcher extends Dispatcher<Forwarder<Object>> {

  ForwarderDispatcher(Class<?> messageType) {
    super(Forwarder.class, HandlerInfo.of("forward", messageType).hidden());
  }

  @Override
  public void call(int handler, Forwarder<Object> listener, Object message) throws Exception {
    listener.forward(message);
  }

  @Override
  public Object invoke(int handler, Forwarder<Object> listener, Object message, Object envelope)
      throws Exception {
    return new ResponderDispatcher.Replies(listener.forwardRequest(message));
  }
}
