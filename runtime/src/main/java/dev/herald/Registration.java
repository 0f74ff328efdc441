package dev.herald;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * A listener's place on a {@link MessageBus}. Closing it unregisters the listener: from the
 * moment {@link #close()} returns, no dispatch that starts calls its handlers, and a
 * dispatch in progress on the same thread does not call them from then on.
 *
 * <p>A registration made by {@link MessageBus#register} holds its listener weakly: when the
 * listener becomes unreachable, its handlers stop running and the bus forgets it, as if it
 * had been closed. Closing is idempotent and thread-safe.
 */
public final class Registration implements AutoCloseable {
  private final MessageBus bus;
  private final Object strongListener;
  private final WeakListener weakListener;
  final Subscriber[] subscribers;
  private volatile boolean active = true;

  Registration(
      MessageBus bus,
      Object listener,
      boolean strong,
      ListenerType type,
      Stamps stamps,
      ReferenceQueue<Object> collected) {
    this.bus = bus;
    this.strongListener = strong ? listener : null;
    this.weakListener = strong ? null : new WeakListener(listener, this, collected);
    this.subscribers = new Subscriber[type.rows.size()];
    for (int i = 0; i < subscribers.length; i++) {
      subscribers[i] = new Subscriber(stamps.next(), this, type.rows.get(i));
    }
  }

  /**
   * The listener, or {@code null} if it was held weakly and has been collected. For a
   * {@linkplain MessageBus#subscribe subscription}, the handler function.
   */
  public Object listener() {
    return strongListener != null ? strongListener : weakListener.get();
  }

  /** Whether the listener is still registered: not closed, and not collected. */
  public boolean isActive() {
    return active && listener() != null;
  }

  /** Whether the bus holds the listener strongly. */
  public boolean isStrong() {
    return strongListener != null;
  }

  /** Unregisters the listener; does nothing if it is no longer registered. */
  @Override
  public void close() {
    bus.remove(this);
  }

  /** Marks this registration closed; returns false if it was already. */
  boolean deactivate() {
    if (!active) {
      return false;
    }
    active = false;
    for (Subscriber subscriber : subscribers) {
      subscriber.retire();
    }
    return true;
  }

  ListenerKey key() {
    return strongListener != null ? new StrongKey(strongListener) : weakListener;
  }

  @Override
  public String toString() {
    Object listener = listener();
    return "Registration["
        + (listener == null ? "collected" : listener.getClass().getName())
        + (active ? "" : ", closed")
        + "]";
  }

  /** How {@link ListenerTable} finds a registration by its listener's identity. */
  interface ListenerKey {
    Object listener();
  }

  /** A weakly held listener; the bus learns of its collection through the reference queue. */
  static final class WeakListener extends WeakReference<Object> implements ListenerKey {
    final Registration registration;
    private final int hash;

    WeakListener(Object listener, Registration registration, ReferenceQueue<Object> collected) {
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
