package dev.herald;

import dev.herald.internal.generated.HandlerInfo;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the {@link Registry} keeps for one {@link Registration}: the listener (strongly or weakly),
 * where it lives, what it observes, its handlers, the names it bound, and whether it was closed.
 * Only the registry changes it, under its lock.
 */
final class RegistrationEntry {
  private static final Address[] NO_ADDRESSES = {};

  final Registration handle;
  final Object strongListener;
  final WeakListener weakListener;

  /**
   * Where it lives: given when registered {@code at} an address, else made when first asked for
   * (most registrations never send or receive addressed messages, and registering stays cheap). Set
   * by the registry under its lock.
   */
  volatile Address address;

  final Address onlyFrom;
  final Address[] observed;
  final boolean observesAll;
  final Subscriber[] subscribers;

  /** {@link Registration.Builder#serialized()}: no two of its handlers' calls overlap. */
  final boolean serializedListener;

  /** What the calls of a serialized listener's handlers hold, all of them the same; else null. */
  final Object listenerLock;

  /** The bus serializes every handler not marked concurrent (Guava's rule). */
  final boolean serializedByBus;

  /** {@link Registration.Builder#sticky()}: every handler of it is sticky. */
  final boolean stickyListener;

  /** Whether some handler of it is sticky, so that registering replays kept messages. */
  final boolean hasStickyHandlers;

  private final String laneName;
  private final Map<String, Lane> lanes;

  /** Whether kept sticky messages were replayed to it; guarded by this entry. */
  private boolean replayClaimed;

  /** The listener's identity hash: where {@link ListenerTable} keeps this registration. */
  final int identityHash;

  /** Names bound by this registration, made by the first bind; guarded by the registry's lock. */
  Set<String> names;

  private volatile boolean closed;

  RegistrationEntry(
      MessageBus bus,
      Object listener,
      boolean strong,
      Registration.Builder options,
      Address address,
      ListenerType type,
      Stamps stamps,
      ReferenceQueue<Object> collected) {
    this.handle = new Registration(bus, this);
    this.strongListener = strong ? listener : null;
    this.weakListener = strong ? null : new WeakListener(listener, this, collected);
    this.identityHash = System.identityHashCode(listener);
    this.address = address;
    this.onlyFrom = options.onlyFrom;
    this.observed =
        options.observed.isEmpty() ? NO_ADDRESSES : distinctOthers(options.observed, address);
    this.observesAll = options.observesAll;
    this.serializedListener = options.serialized;
    this.listenerLock = options.serialized ? new Object() : null;
    this.serializedByBus = bus.serializedHandlers;
    this.stickyListener = options.sticky;
    this.laneName = options.lane;
    this.lanes = bus.lanes;
    this.subscribers = new Subscriber[type.rows.size()];
    boolean anySticky = false;
    for (int i = 0; i < subscribers.length; i++) {
      subscribers[i] = new Subscriber(stamps.next(), this, type.rows.get(i));
      anySticky |= subscribers[i].sticky;
    }
    this.hasStickyHandlers = anySticky;
  }

  /**
   * The lane a handler receives on: its own {@code @Subscribe(lane)}, else the registration's, else
   * none.
   *
   * @throws IllegalArgumentException if the bus has no lane of that name
   */
  Lane laneFor(HandlerInfo info) {
    String name = info.lane() != null ? info.lane() : laneName;
    if (name == null) {
      return null;
    }
    Lane lane = lanes.get(name);
    if (lane == null) {
      throw new IllegalArgumentException(
          "Cannot register "
              + info
              + ": the bus has no lane named \""
              + name
              + "\". Give it"
              + " one with MessageBus.builder().lane(\""
              + name
              + "\", executor); its lanes are "
              + lanes.keySet());
    }
    return lane;
  }

  /** True the first time only: kept sticky messages replay to a registration once. */
  synchronized boolean claimReplay() {
    if (replayClaimed) {
      return false;
    }
    replayClaimed = true;
    return true;
  }

  /** The listener, or null if it was held weakly and has been collected. */
  Object listener() {
    return strongListener != null ? strongListener : weakListener.get();
  }

  boolean isClosed() {
    return closed;
  }

  /**
   * Marks this registration closed and retires its handlers, so that a dispatch in progress on this
   * thread calls them no more; under the registry's lock.
   *
   * @return false if it was closed already
   */
  boolean close() {
    if (closed) {
      return false;
    }
    closed = true;
    for (Subscriber subscriber : subscribers) {
      subscriber.retire();
      if (subscriber.call != null) {
        subscriber.call.close();
      }
    }
    return true;
  }

  /** Whether messages sent to {@code target} reach this registration as addressee or observer. */
  boolean isAddressedBy(Address target) {
    if (address == target) {
      return true;
    }
    for (Address watched : observed) {
      if (watched == target) {
        return true;
      }
    }
    return false;
  }

  /** Each address once, and not its own: a handler runs at most once per message. */
  private static Address[] distinctOthers(List<Address> candidates, Address own) {
    List<Address> watched = new ArrayList<>();
    for (Address candidate : candidates) {
      if (candidate != own && !watched.contains(candidate)) {
        watched.add(candidate);
      }
    }
    return watched.toArray(NO_ADDRESSES);
  }

  /** A weakly held listener; the registry learns of its collection through the reference queue. */
  static final class WeakListener extends WeakReference<Object> {
    /**
     * Null once the registration was removed: then this reference, which the reference queue keeps
     * until the registry next polls it, holds nothing of the registration (its listener's class, so
     * its class loader). Guarded by the registry's lock.
     */
    RegistrationEntry registration;

    WeakListener(
        Object listener, RegistrationEntry registration, ReferenceQueue<Object> collected) {
      super(listener, collected);
      this.registration = registration;
    }
  }

  /** Adds the entries of the addresses it lives at or observes to {@code addresses}. */
  void addressesInto(Collection<AddressEntry> addresses) {
    if (address != null) {
      addresses.add(address.entry);
    }
    for (Address watched : observed) {
      addresses.add(watched.entry);
    }
  }
}
