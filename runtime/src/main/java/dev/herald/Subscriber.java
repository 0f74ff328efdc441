package dev.herald;

import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.HandlerCall;
import java.lang.ref.WeakReference;
import java.util.Comparator;

/**
 * One handler of one registration, as it sits in the bus's handler lists, with everything a
 * delivery needs decided when it was registered.
 */
final class Subscriber extends HandlerList.Node {
  /** Higher priority first, then the order of registration. */
  static final Comparator<Subscriber> DELIVERY_ORDER = new DeliveryOrder();

  final RegistrationEntry registration;
  final ListenerType.Row row;
  // copied from the row and the registration, so that a plain post reads one object
  final Dispatcher<Object> dispatcher;
  final int index;
  private final Object strongListener;
  private final WeakReference<Object> weakListener;
  final Class<?> messageType;
  final int priority;

  /** 1 if a call counts as the message being received, 0 for a hidden handler. */
  final int visible;

  final TagSet tags;
  final boolean takesEnvelope;
  final boolean async;

  /** Untagged and not filtered by sender: a plain, anonymous, untagged post reaches it. */
  final boolean receivesPlainPosts;

  /**
   * A plain post calls it as it is, on the posting thread, without an envelope. Hidden or not:
   * whether anyone received the post is counted from the calls' {@link #visible} flags.
   */
  final boolean direct;

  /** For an asynchronous handler whose calls must not overlap; null otherwise. */
  final AsyncCalls.Mailbox mailbox;

  /**
   * Held while calling a handler on the posting thread whose calls must not overlap: the subscriber
   * itself for a serialized handler, the registration for a serialized listener; null when calls
   * may overlap.
   */
  final Object serialLock;

  /** The lane it receives on; null for the posting thread (or the executor, if async). */
  final Lane lane;

  /** Whether kept sticky messages replay to it when it registers. */
  final boolean sticky;

  /**
   * What a plain post calls, bound when registered: the dispatcher's own call of this handler on a
   * strongly held listener, a {@link WeakCall} on a weakly held one; null unless {@link #direct}.
   */
  final HandlerCall call;

  Subscriber(long stamp, RegistrationEntry registration, ListenerType.Row row) {
    super(stamp);
    this.registration = registration;
    this.row = row;
    this.dispatcher = row.dispatcher;
    this.index = row.index;
    this.strongListener = registration.strongListener;
    this.weakListener = registration.weakListener;
    this.messageType = row.info.messageType();
    this.priority = row.info.priority();
    this.visible = row.info.isHidden() ? 0 : 1;
    this.tags = row.tags;
    this.takesEnvelope = row.info.takesEnvelope();
    this.async = row.info.isAsync();
    this.receivesPlainPosts = tags.isEmpty() && registration.onlyFrom == null;
    this.mailbox = async && !row.info.isConcurrent() ? new AsyncCalls.Mailbox() : null;
    this.lane = registration.laneFor(row.info);
    this.serialLock =
        async || lane != null
            ? null // their own queues serialize them already
            : registration.serializedListener
                ? registration.listenerLock
                : row.info.isSerialized()
                        || (registration.serializedByBus && !row.info.isConcurrent())
                    ? this
                    : null;
    this.sticky = row.info.isSticky() || registration.stickyListener;
    this.direct =
        receivesPlainPosts && !takesEnvelope && !async && lane == null && serialLock == null;
    this.call =
        !direct
            ? null
            : strongListener != null
                ? dispatcher.bind(index, strongListener)
                : WeakCall.of(dispatcher, index, weakListener);
  }

  /** The listener, or null once a weakly held one was collected. */
  Object listener() {
    return strongListener != null ? strongListener : weakListener.get();
  }

  /** Whether a message sent this way, with these tags and sender, is for this handler. */
  boolean accepts(Delivery delivery) {
    return (tags.isEmpty() || tags.intersects(delivery.header.tags))
        && (registration.onlyFrom == null || registration.onlyFrom == delivery.from)
        && (delivery.excluded == null || registration.address != delivery.excluded)
        && (delivery.alreadyServed == null || !registration.isAddressedBy(delivery.alreadyServed));
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
