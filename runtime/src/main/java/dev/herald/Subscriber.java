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
  final TagSet tags;
  final boolean takesEnvelope;
  /** Untagged and not filtered by sender: a plain, anonymous, untagged post reaches it. */
  final boolean receivesPlainPosts;
  final boolean async;
  /** For an asynchronous handler whose calls must not overlap; null otherwise. */
  final AsyncDeliveries.Mailbox mailbox;

  Subscriber(long stamp, Registration registration, ListenerType.Row row) {
    super(stamp);
    this.registration = registration;
    this.row = row;
    this.messageType = row.info.messageType();
    this.priority = row.info.priority();
    this.hidden = row.info.isHidden();
    this.tags = TagSet.of(row.info.tags());
    this.takesEnvelope = row.info.takesEnvelope();
    this.receivesPlainPosts = tags.isEmpty() && registration.onlyFrom == null;
    this.async = row.info.isAsync();
    this.mailbox = async && !row.info.isConcurrent() ? new AsyncDeliveries.Mailbox() : null;
  }

  /** Whether a message with this envelope's tags and sender is for this handler. */
  boolean accepts(Sending sending) {
    return (tags.isEmpty() || tags.intersects(sending.header.tags))
        && (registration.onlyFrom == null || registration.onlyFrom == sending.from)
        && (sending.excluded == null || registration.address != sending.excluded)
        && (sending.alreadyServed == null || !registration.isAddressedBy(sending.alreadyServed));
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
