package dev.herald;

/** The handlers that receive messages of one runtime class, in delivery order. */
final class Route {
  final Class<?> messageClass;
  final HandlerList<Subscriber> handlers;

  Route(Class<?> messageClass, Stamps stamps) {
    this.messageClass = messageClass;
    this.handlers = new HandlerList<>(stamps, Subscriber.DELIVERY_ORDER);
  }
}
