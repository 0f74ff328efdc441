package dev.herald;

/** The handlers that receive messages of one runtime class, in delivery order. */
final class Route {
  final Class<?> messageClass;
  final HandlerList<Subscriber> handlers;
  /**
   * How many handlers here would receive a plain post and want an {@link Envelope}; while
   * there are any, a plain post builds one. Guarded by the bus's lock for writes.
   */
  private volatile int envelopeTakers;

  Route(Class<?> messageClass) {
    this.messageClass = messageClass;
    this.handlers = new HandlerList<>(Subscriber.DELIVERY_ORDER);
  }

  void add(Subscriber subscriber) {
    handlers.add(subscriber);
    if (subscriber.takesEnvelope && subscriber.receivesPlainPosts) {
      envelopeTakers++;
    }
  }

  /** Adds many subscribers with one copy of the list. */
  void addAll(java.util.List<Subscriber> subscribers) {
    handlers.addAll(subscribers);
    for (Subscriber subscriber : subscribers) {
      if (subscriber.takesEnvelope && subscriber.receivesPlainPosts) {
        envelopeTakers++;
      }
    }
  }

  void remove(Subscriber subscriber) {
    if (handlers.remove(subscriber) && subscriber.takesEnvelope && subscriber.receivesPlainPosts) {
      envelopeTakers--;
    }
  }

  /** Takes out every retired subscriber with one copy of the list. */
  void removeRetired() {
    for (Subscriber subscriber : handlers.removeRetired()) {
      if (subscriber.takesEnvelope && subscriber.receivesPlainPosts) {
        envelopeTakers--;
      }
    }
  }

  boolean plainPostsNeedAnEnvelope() {
    return envelopeTakers != 0;
  }
}
