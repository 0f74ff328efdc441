package dev.herald;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A listener's place on a {@link MessageBus}: its {@linkplain #address() address}, the right
 * to send from that address, and the names it has bound. Closing it unregisters the
 * listener: from the moment {@link #close()} returns, no dispatch that starts calls its
 * handlers, and a dispatch in progress on the same thread does not call them from then on.
 *
 * <p>A registration made by {@link MessageBus#register} holds its listener weakly: when the
 * listener becomes unreachable, its handlers stop running and the bus forgets it, as if it
 * had been closed. Every method is thread-safe; closing is idempotent.
 */
public final class Registration implements AutoCloseable {
  private final MessageBus bus;
  final Object strongListener;
  final WeakListener weakListener;
  final Address address;
  final Address onlyFrom;
  final Address[] observed;
  final boolean observesAll;
  final Subscriber[] subscribers;
  /** Names bound by this registration; guarded by the bus's lock. */
  final Set<String> names = new LinkedHashSet<>();
  private volatile boolean active = true;

  Registration(
      MessageBus bus,
      Object listener,
      boolean strong,
      Builder options,
      Address address,
      ListenerType type,
      Stamps stamps,
      ReferenceQueue<Object> collected) {
    this.bus = bus;
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

  /**
   * The listener, or {@code null} if it was held weakly and has been collected. For a
   * {@linkplain MessageBus#subscribe subscription}, the handler function.
   */
  public Object listener() {
    return strongListener != null ? strongListener : weakListener.get();
  }

  /** The address this registration receives at and sends from. */
  public Address address() {
    return address;
  }

  /** Whether the listener is still registered: not closed, and not collected. */
  public boolean isActive() {
    return active && listener() != null;
  }

  /** Whether the bus holds the listener strongly. */
  public boolean isStrong() {
    return strongListener != null;
  }

  /**
   * Broadcasts {@code message} from this registration's address.
   *
   * @return how many handlers ran
   * @throws IllegalStateException if this registration is closed
   */
  public int send(Object message) {
    return send(message, Header.BROADCAST);
  }

  /** Sends {@code message} to {@code to} from this registration's address. */
  public int send(Address to, Object message) {
    return send(message, Header.to(to));
  }

  /** Sends {@code message} as {@code header} says, from this registration's address. */
  public int send(Object message, Header header) {
    return bus.send(senderAddress(), message, header, null, null);
  }

  /**
   * Delivers {@code message} like {@link #send(Object)} and returns the replies: the non-null
   * values that handlers returned which are instances of {@code replyType}, in delivery order.
   */
  public <R> List<R> request(Object message, Class<R> replyType) {
    return request(message, Header.BROADCAST, replyType);
  }

  /** Like {@link #request(Object, Class)}, to {@code to}. */
  public <R> List<R> request(Address to, Object message, Class<R> replyType) {
    return request(message, Header.to(to), replyType);
  }

  /** Like {@link #request(Object, Class)}, as {@code header} says. */
  public <R> List<R> request(Object message, Header header, Class<R> replyType) {
    return bus.request(senderAddress(), message, header, replyType);
  }

  /**
   * Binds {@code name} to this registration's address, so that messages sent to
   * {@code Address.named(name)} reach it. Only this registration can unbind it; closing the
   * registration releases it.
   *
   * @throws IllegalStateException if the name is bound already, or this registration is closed
   */
  public void bind(String name) {
    bus.bind(this, name);
  }

  /**
   * Releases {@code name} if this registration bound it.
   *
   * @return {@code false} if this registration does not hold the name
   */
  public boolean unbind(String name) {
    return bus.unbind(this, name);
  }

  /** Unregisters the listener and releases its names; does nothing if already closed. */
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

  boolean isOpen() {
    return active;
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

  private Address senderAddress() {
    if (!active) {
      throw new IllegalStateException("Cannot send through a closed registration: " + this);
    }
    return address;
  }

  @Override
  public String toString() {
    Object listener = listener();
    return "Registration["
        + (listener == null ? "collected" : listener.getClass().getName())
        + " at " + address
        + (active ? "" : ", closed")
        + "]";
  }

  /**
   * Registers a listener with routing options: where it lives, whom it hears from, and what
   * other traffic it observes. Made by {@link MessageBus#registration()}.
   *
   * <pre>{@code
   * Address tank = bus.createAddress();
   * bus.registration().at(tank).register(new Health());
   * bus.registration().observingAll().subscribe(Object.class, debugLog::add);
   * }</pre>
   *
   * Not thread-safe; each terminal call makes a new registration.
   */
  public static final class Builder {
    private final MessageBus bus;
    Address at;
    Address onlyFrom;
    final List<Address> observed = new ArrayList<>();
    boolean observesAll;
    boolean strong;

    Builder(MessageBus bus) {
      this.bus = bus;
    }

    /**
     * Registers at {@code address} (from {@link MessageBus#createAddress()} or another
     * registration), sharing it with the registrations already there. The default is a new
     * address of its own.
     */
    public Builder at(Address address) {
      this.at = bus.requireLiveAddress(address, "register at");
      return this;
    }

    /**
     * Receives only messages sent from {@code sender}. This narrows what the listener
     * receives; it never adds messages addressed to others.
     */
    public Builder onlyFrom(Address sender) {
      this.onlyFrom = bus.requireLiveAddress(sender, "filter on");
      return this;
    }

    /** Also receives what is sent to {@code address}, without living there. */
    public Builder observing(Address address) {
      observed.add(bus.requireLiveAddress(address, "observe"));
      return this;
    }

    /** Also receives what is sent to any address: for loggers and debuggers. */
    public Builder observingAll() {
      this.observesAll = true;
      return this;
    }

    /** Holds the listener strongly; the default for {@link #register} is weakly. */
    public Builder strongly() {
      this.strong = true;
      return this;
    }

    /**
     * Registers {@code listener}'s {@code @Subscribe} methods with these options.
     *
     * @return the new registration, or the existing one (unchanged) if the listener is
     *     already registered
     * @throws IllegalArgumentException if no dispatcher was generated for its class
     */
    public Registration register(Object listener) {
      return bus.register(Objects.requireNonNull(listener, "listener"), this);
    }

    /** Subscribes {@code handler} to {@code type} with these options, held strongly. */
    public <T> Registration subscribe(Class<T> type, Consumer<? super T> handler) {
      return bus.subscribe(type, handler, this);
    }

    /**
     * Registers {@code responder} for {@code type} with these options, held strongly: like
     * {@link #subscribe}, but it sees the envelope and answers requests (see
     * {@link Responder}).
     */
    public <T> Registration respond(Class<T> type, Responder<? super T> responder) {
      return bus.subscribe(type, responder, new ResponderDispatcher(type), Responder.class, this);
    }
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
