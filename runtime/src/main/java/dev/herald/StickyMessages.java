package dev.herald;

import dev.herald.time.Ticker;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

/**
 * The messages a bus keeps to replay to handlers that register later (greenrobot's sticky events):
 * the last message of each class, and of each class per address when it was sent to one (or to a
 * name, kept for the address bound to it then). A handler receives them when its listener registers
 * if it is {@code @Subscribe(sticky = true)} (or registered with {@link
 * Registration.Builder#sticky()}), oldest first, each that its message type and routing accept;
 * then it receives what is posted, like any handler.
 *
 * <pre>{@code
 * bus.sticky().post(new Weather("rain"));                    // kept, and posted now
 * bus.sticky().post(new Health(40), Header.to(tank));         // kept for tank's address
 * bus.register(new WeatherPanel());                          // its sticky handler gets "rain"
 * bus.sticky().remove(Weather.class);
 * }</pre>
 *
 * <p>Bounded, never a leak: at most {@link MessageBus.Builder#stickyCapacity capacity} messages are
 * kept (1,000 by default); keeping one more forgets the one least recently kept. With {@link
 * MessageBus.Builder#stickyExpiry an expiry}, a message older than it (by the bus's ticker) is no
 * longer replayed or returned. Thread-safe; keeping, removing and replaying take a lock of their
 * own, never the post path's.
 *
 * @since 0.1
 */
public final class StickyMessages {
  private final MessageBus bus;
  private final Ticker ticker;
  private final int capacity;
  private final long expiryNanos;

  /** In the order kept, oldest first: a re-kept key moves to the end. Guarded by itself. */
  private final LinkedHashMap<Key, Kept> kept = new LinkedHashMap<>();

  /** Keeps messages for {@code bus} with the ticker, capacity and expiry {@code options} chose. */
  StickyMessages(MessageBus bus, MessageBus.Builder options) {
    this.bus = bus;
    this.ticker = options.ticker;
    this.capacity = options.stickyCapacity;
    this.expiryNanos =
        options.stickyExpiry == null ? Long.MAX_VALUE : options.stickyExpiry.toNanos();
  }

  /**
   * Keeps {@code message} as the sticky message of its class (replacing the one kept before), then
   * posts it as {@link MessageBus#post(Object)} does.
   *
   * @return how many handlers ran
   */
  public int post(Object message) {
    keep(Objects.requireNonNull(message, "message"), Header.BROADCAST, null);
    return bus.post(message);
  }

  /**
   * Keeps {@code message} as the sticky message of its class at the header's destination when that
   * is an address made by the bus (otherwise as for a broadcast), then sends it as {@link
   * MessageBus#post(Object, Header)} does. Only registrations at that address, or observing it,
   * receive it when they register.
   */
  public int post(Object message, Header header) {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(header, "header");
    Address to = header.to();
    Address target =
        to.kind == Address.Kind.ENTITY
            ? to
            : to.kind == Address.Kind.NAMED ? bus.registry.boundTo(to.name()) : null;
    keep(message, header, target);
    return bus.post(message, header);
  }

  /** The message of exactly {@code type} kept for broadcast, or null. */
  public <T> T get(Class<T> type) {
    return get(type, null);
  }

  /** The message of exactly {@code type} kept for {@code address} (null: broadcast), or null. */
  public <T> T get(Class<T> type, Address address) {
    Objects.requireNonNull(type, "type");
    synchronized (kept) {
      Kept found = kept.get(new Key(type, address));
      return found == null || isExpired(found, ticker.nanoTime()) ? null : type.cast(found.message);
    }
  }

  /** Forgets the message of {@code type} kept for broadcast; false if there was none. */
  public boolean remove(Class<?> type) {
    return remove(type, null);
  }

  /** Forgets the message of {@code type} kept for {@code address}; false if there was none. */
  public boolean remove(Class<?> type, Address address) {
    Objects.requireNonNull(type, "type");
    synchronized (kept) {
      return kept.remove(new Key(type, address)) != null;
    }
  }

  /** Forgets every kept message. */
  public void clear() {
    synchronized (kept) {
      kept.clear();
    }
  }

  /** How many messages are kept now (expired ones included until they are next looked at). */
  public int size() {
    synchronized (kept) {
      return kept.size();
    }
  }

  /** What is kept now, oldest first, for {@link MessageBus#describe()}; expired ones left out. */
  List<BusDescription.StickyMessage> describe() {
    List<Kept> copied;
    synchronized (kept) {
      copied = new ArrayList<>(kept.values());
    }
    long now = ticker.nanoTime();
    List<BusDescription.StickyMessage> described = new ArrayList<>(copied.size());
    for (Kept each : copied) {
      if (!isExpired(each, now)) {
        // outside the lock: toString is the application's code
        described.add(
            new BusDescription.StickyMessage(
                each.message.getClass(), each.address, textOf(each.message)));
      }
    }
    return described;
  }

  /**
   * The message's {@code toString()}: a description is for diagnostics, and must not fail because
   * one message cannot be printed.
   */
  private static String textOf(Object message) {
    try {
      return String.valueOf(message.toString());
    } catch (RuntimeException unprintable) {
      return message.getClass().getName()
          + " (its toString() threw "
          + unprintable.getClass().getName()
          + ")";
    }
  }

  private void keep(Object message, Header header, Address address) {
    Key key = new Key(message.getClass(), address);
    synchronized (kept) {
      kept.remove(key); // so that the key moves to the end: the most recently kept
      kept.put(key, new Kept(message, header, address, ticker.nanoTime()));
      if (kept.size() > capacity) {
        Iterator<Kept> oldest = kept.values().iterator();
        oldest.next();
        oldest.remove();
      }
    }
  }

  /** Replays the kept messages to the sticky handlers of a registration that was just made. */
  void replayTo(RegistrationEntry registration, Router router) {
    if (!registration.hasStickyHandlers || !registration.claimReplay()) {
      return;
    }
    List<Kept> replay = new ArrayList<>();
    synchronized (kept) {
      long now = ticker.nanoTime();
      for (Iterator<Kept> i = kept.values().iterator(); i.hasNext(); ) {
        Kept candidate = i.next();
        if (isExpired(candidate, now)) {
          i.remove();
        } else {
          replay.add(candidate);
        }
      }
    }
    // outside the lock: a handler may post, register or keep another sticky message
    for (Kept message : replay) {
      for (Subscriber subscriber : registration.subscribers) {
        if (subscriber.sticky
            && subscriber.messageType.isInstance(message.message)
            && (message.address == null || registration.isAddressedBy(message.address))) {
          router.replay(subscriber, message.message, message.header);
        }
      }
    }
  }

  private boolean isExpired(Kept message, long now) {
    return expiryNanos != Long.MAX_VALUE && now - message.keptNanos > expiryNanos;
  }

  private static final class Kept {
    final Object message;
    final Header header;

    /** The address it was kept for; null for broadcast. */
    final Address address;

    final long keptNanos;

    Kept(Object message, Header header, Address address, long keptNanos) {
      this.message = message;
      this.header = header;
      this.address = address;
      this.keptNanos = keptNanos;
    }
  }

  /** A message class, and the address it was kept for (null for broadcast). */
  private static final class Key {
    final Class<?> type;
    final Address address;

    Key(Class<?> type, Address address) {
      this.type = type;
      this.address = address;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key && ((Key) other).type == type && ((Key) other).address == address;
    }

    @Override
    public int hashCode() {
      return type.hashCode() * 31 + System.identityHashCode(address);
    }
  }
}
