package dev.herald;

import java.util.Comparator;

/** One handler of one registration, as it sits in the bus's handler lists. */
final class Subscriber extends HandlerList.Node {
  /** Higher priority first, then the order of registration. */
  static final Comparator<Subscriber> DELIVERY_ORDER = new DeliveryOrder();

  final Registration registration;
  final ListenerType.Row row;
  final Class<?> messageType;
  final int priority;
  final boolean hidden;
  final boolean tagged;

  Subscriber(long stamp, Registration registration, ListenerType.Row row) {
    super(stamp);
    this.registration = registration;
    this.row = row;
    this.messageType = row.info.messageType();
    this.priority = row.info.priority();
    this.hidden = row.info.isHidden();
    this.tagged = !row.info.tags().isEmpty();
  }

  private static final class DeliveryOrder implements Comparator<Subscriber> {
    @Override
    public int compare(Subscriber a, Subscriber b) {
      if (a.priority != b.priority) {
        return a.priority > b.priority ? -1 : 1;
      }
      return Long.compare(a.stamp, b.stamp);
    }
  }
}
