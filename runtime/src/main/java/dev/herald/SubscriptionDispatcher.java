package dev.herald;

import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.HandlerInfo;
import java.util.function.Consumer;

/** The dispatcher of a {@link MessageBus#subscribe} subscription: one handler, a function. */
final class SubscriptionDispatcher extends Dispatcher<Consumer<Object>> {

  SubscriptionDispatcher(Class<?> messageType) {
    super(Consumer.class, HandlerInfo.of("accept", messageType));
  }

  @Override
  public void call(int handler, Consumer<Object> listener, Object message) {
    listener.accept(message);
  }
}
