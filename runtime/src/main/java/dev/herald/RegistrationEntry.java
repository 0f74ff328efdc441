package dev.herald;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the {@link Registry} keeps for one {@link Registration}: the listener (strongly or
 * weakly), where it lives, what it observes, its handlers, the names it bound, and whether it
 * was closed. Only the registry changes it, under its lock.
 */
final class RegistrationEntry {
  final Registration handle;
  final Object strongListener;
  final WeakListener weakListener;
  final Address address;
  final Address onlyFrom;
  final Address[] observed;
  final boolean observesAll;
  final Subscriber[] subscribers;
  /** Names bound by this registration; guarded by the registry's lock. */
  final Set<String> names = new LinkedHashSet<>();
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
    this.address = address;
    this.onlyFrom = options.onlyFrom;
    // each address once, and not its own: a handler runs at most once per message
    List<Address> watched = new ArrayList<>();
    for (Address candidate : options.observed) {
      if (candidate != address && !watched.contains(candidate)) {
        watched.add(candidate);
      }
    }
    this.observed = watched.toArray(new Address[0]);
    this.observesAll = options.observesAll;
    this.subscribers = new Subscriber[type.rows.size()];
    for (int i = 0; i < subscribers.length; i++) {
      subscribers[i] = new Subscriber(stamps.next(), this, type.rows.get(i));
    }
  }

  /** The listener, or null if it was held weakly and has been collected. */
  Object listener() {
    return strongListener != null ? strongListener : weakListener.get();
  }

  boolean isClosed() {
    return closed;
  }

  /**
   * Marks this registration closed and retires its handlers, so that a dispatch in progress
   * on this thread calls them no more; under the registry's lock.
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

  ListenerKey key() {
    return strongListener != null ? new StrongKey(strongListener) : weakListener;
  }

  /** How {@link ListenerTable} finds a registration by its listener's identity. */
  interface ListenerKey {
    Object listener();
  }

  /** A weakly held listener; the registry learns of its collection through the reference queue. */
  static final class WeakListener extends WeakReference<Object> implements ListenerKey {
    /**
     * Null once the registration was removed: then this reference, which the reference queue
     * keeps until the registry next polls it, holds nothing of the registration (its
     * listener's class, so its class loader). Guarded by the registry's lock.
     */
    RegistrationEntry registration;
    private final int hash;

    WeakListener(Object listener, RegistrationEntry registration, ReferenceQueue<Object> collected) {
      super(listener, collected);
      this.registration = registration;
      this.hash = System.identityHashCode(listener);
    }

    @Override
    public Object listener() {
      return get();
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object other) {
      return ListenerTable.sameListener(this, other);
    }
  }

  static final class StrongKey implements ListenerKey {
    private final Object listener;

    StrongKey(Object listener) {
      this.listener = listener;
    }

    @Override
    public Object listener() {
      return listener;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(listener);
    }

    @Override
    public boolean equals(Object other) {
      return ListenerTable.sameListener(this, other);
    }
  }
}
