package dev.herald;

import java.util.List;

/**
 * The handlers that receive messages of one runtime class, in delivery order, and whether a
 * plain post may call them all directly.
 */
final class HandlersForClass {
  /**
   * Not final: once dropped from its index, these handlers forget their class (see
   * {@link #retire}), so that a post that still holds them, as the last-posted cache may, no
   * longer matches them, and they no longer keep the class.
   */
  Class<?> messageClass;
  final HandlerList<Subscriber> list = new HandlerList<>(Subscriber.DELIVERY_ORDER);
  /**
   * How many handlers here a plain post cannot simply call (tagged, filtered by sender,
   * taking an envelope, asynchronous); while there are any, a plain post takes the full
   * path. Written under the type index's lock.
   */
  private volatile int notDirect;

  HandlersForClass(Class<?> messageClass) {
    this.messageClass = messageClass;
  }

  /** Called when dropped from the index: from now on these handlers match no message class. */
  void retire() {
    messageClass = Retired.class;
  }

  boolean isRetired() {
    return messageClass == Retired.class;
  }

  /** Whether a plain post may call every handler here directly, asking nothing per handler. */
  boolean allDirect() {
    return notDirect == 0;
  }

  void add(Subscriber subscriber) {
    list.add(subscriber);
    count(subscriber, 1);
  }

  /** Adds many subscribers with one copy of the list. */
  void addAll(List<Subscriber> subscribers) {
    list.addAll(subscribers);
    for (Subscriber subscriber : subscribers) {
      count(subscriber, 1);
    }
  }

  void remove(Subscriber subscriber) {
    if (list.remove(subscriber)) {
      count(subscriber, -1);
    }
  }

  /** Takes out every retired subscriber with one copy of the list. */
  void removeRetired() {
    for (Subscriber subscriber : list.removeRetired()) {
      count(subscriber, -1);
    }
  }

  private void count(Subscriber subscriber, int change) {
    if (!subscriber.direct) {
      notDirect += change;
    }
  }

  /** The class of no message: that of retired handlers. */
  private static final class Retired {
    private Retired() {}
  }
}
