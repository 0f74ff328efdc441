package dev.herald;

import dev.herald.spi.Dispatcher;
import java.lang.ref.WeakReference;
import java.util.Comparator;

/** One handler of one registration, as it sits in the bus's handler lists. */
final class Subscriber extends HandlerList.Node {
  /** Added up by a dispatch: the low half counts handlers that ran, the high half visible ones. */
  static final long HANDLER_RAN = 1;
  static final long RECEIVER_RAN = 1L << 32 | 1;

  /** Higher priority first, then the order of registration. */
  static final Comparator<Subscriber> DELIVERY_ORDER = new DeliveryOrder();

  final Registration registration;
  final ListenerType.Row row;
  // copied from the row and the registration, so that a plain post reads one object
  final Dispatcher<Object> dispatcher;
  final int index;
  private final Object strongListener;
  private final WeakReference<Object> weakListener;
  /** What a call adds to a dispatch's sum: a run, and a visible one unless hidden. */
  final long ran;
  /** Receives plain posts, on the posting thread, without an envelope: the fast path. */
  final boolean plainSync;
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
    this.dispatcher = row.dispatcher;
    this.index = row.index;
    this.strongListener = registration.strongListener;
    this.weakListener = registration.weakListener;
    this.messageType = row.info.messageType();
    this.priority = row.info.priority();
    this.hidden = row.info.isHidden();
    this.tags = TagSet.of(row.info.tags());
    this.takesEnvelope = row.info.takesEnvelope();
    this.receivesPlainPosts = tags.isEmpty() && registration.onlyFrom == null;
    this.async = row.info.isAsync();
    this.mailbox = async && !row.info.isConcurrent() ? new AsyncDeliveries.Mailbox() : null;
    this.ran = hidden ? HANDLER_RAN : RECEIVER_RAN;
    this.plainSync = receivesPlainPosts && !takesEnvelope && !async;
  }

  /** The listener, or null once a weakly held one was collected. */
  Object listener() {
    return strongListener != null ? strongListener : weakListener.get();
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
