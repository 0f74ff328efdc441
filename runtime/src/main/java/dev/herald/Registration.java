package dev.herald;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A listener's place on a {@link MessageBus}: its {@linkplain #address() address}, the right to
 * send from that address, and the names it has bound. Closing it unregisters the listener: from the
 * moment {@link #close()} returns, no dispatch that starts calls its handlers, and a dispatch in
 * progress on the same thread does not call them from then on.
 *
 * <p>A registration made by {@link MessageBus#register} holds its listener strongly, until it is
 * closed. One made by {@link MessageBus#registerWeakly} holds it weakly: when the listener becomes
 * unreachable, its handlers stop running and the bus forgets it, as if it had been closed. Every
 * method is thread-safe; closing is idempotent.
 *
 * @since 0.1
 */
public final class Registration implements AutoCloseable {
  private final MessageBus bus;

  /** What the bus keeps for this registration; only its registry changes it. */
  final RegistrationEntry entry;

  Registration(MessageBus bus, RegistrationEntry entry) {
    this.bus = bus;
    this.entry = entry;
  }

  /**
   * The listener, or {@code null} if it was held weakly and has been collected. For a {@linkplain
   * MessageBus#subscribe subscription}, the handler function.
   */
  public Object listener() {
    return entry.listener();
  }

  /** The address this registration receives at and sends from. */
  public Address address() {
    return bus.registry.addressOf(entry);
  }

  /** Whether the listener is still registered: not closed, and not collected. */
  public boolean isActive() {
    return !entry.isClosed() && entry.listener() != null;
  }

  /** Whether the bus holds the listener strongly. */
  public boolean isStrong() {
    return entry.strongListener != null;
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
    return bus.router.send(senderAddress(), message, header);
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
    return bus.router.request(senderAddress(), message, header, replyType);
  }

  /**
   * Binds {@code name} to this registration's address, so that messages sent to {@code
   * Address.named(name)} reach it. Only this registration can unbind it; closing the registration
   * releases it.
   *
   * @throws IllegalStateException if the name is bound already, or this registration is closed
   */
  public void bind(String name) {
    bus.registry.bind(entry, name);
  }

  /**
   * Releases {@code name} if this registration bound it.
   *
   * @return {@code false} if this registration does not hold the name
   */
  public boolean unbind(String name) {
    return bus.registry.unbind(entry, name);
  }

  /** Unregisters the listener and releases its names; does nothing if already closed. */
  @Override
  public void close() {
    bus.registry.close(entry);
  }

  private Address senderAddress() {
    if (entry.isClosed()) {
      throw new IllegalStateException("Cannot send through a closed registration: " + this);
    }
    return bus.registry.addressOf(entry);
  }

  @Override
  public String toString() {
    Object listener = listener();
    return "Registration["
        + (listener == null ? "collected" : listener.getClass().getName())
        + (entry.address == null ? "" : " at " + entry.address)
        + (entry.isClosed() ? ", closed" : "")
        + "]";
  }

  /**
   * Registers a listener with routing options: where it lives, whom it hears from, and what other
   * traffic it observes. Made by {@link MessageBus#registration()}.
   *
   * <pre>{@code
   * Address tank = bus.createAddress();
   * bus.registration().at(tank).register(new Health());
   * bus.registration().observingAll().subscribe(Object.class, debugLog::add);
   * }</pre>
   *
   * Not thread-safe; each terminal call makes a new registration.
   *
   * @since 0.1
   */
  public static final class Builder {
    final MessageBus bus;
    Address at;
    Address onlyFrom;
    final List<Address> observed = new ArrayList<>();
    boolean observesAll;
    boolean strong = true;
    boolean serialized;
    boolean sticky;
    String lane;

    Builder(MessageBus bus) {
      this.bus = bus;
    }

    /**
     * Registers at {@code address} (from {@link MessageBus#createAddress()} or another
     * registration), sharing it with the registrations already there. The default is a new address
     * of its own.
     */
    public Builder at(Address address) {
      this.at = Address.requireLive(bus.registry, address, "register at");
      return this;
    }

    /**
     * Receives only messages sent from {@code sender}. This narrows what the listener receives; it
     * never adds messages addressed to others.
     */
    public Builder onlyFrom(Address sender) {
      this.onlyFrom = Address.requireLive(bus.registry, sender, "filter on");
      return this;
    }

    /** Also receives what is sent to {@code address}, without living there. */
    public Builder observing(Address address) {
      observed.add(Address.requireLive(bus.registry, address, "observe"));
      return this;
    }

    /** Also receives what is sent to any address: for loggers and debuggers. */
    public Builder observingAll() {
      this.observesAll = true;
      return this;
    }

    /** Holds the listener strongly, until the registration is closed: the default. */
    public Builder strongly() {
      this.strong = true;
      return this;
    }

    /**
     * Holds the listener weakly: once nothing else references it, its handlers stop and the bus
     * forgets it, with no {@code close} needed (game objects, screens). Not for a listener made
     * just to be registered: it would stop receiving at the next collection.
     */
    public Builder weakly() {
      this.strong = false;
      return this;
    }

    /**
     * No two calls of this listener's handlers overlap, whichever handler and whichever thread: for
     * a listener whose state is not thread-safe. (Guava's rule serializes each handler alone; this
     * is stricter.) Asynchronous and lane handlers are serialized by their queues.
     */
    public Builder serialized() {
      this.serialized = true;
      return this;
    }

    /**
     * Every handler of the listener (or the subscribed function) is sticky: it receives the
     * {@linkplain MessageBus#sticky() kept sticky messages} it accepts when it registers.
     */
    public Builder sticky() {
      this.sticky = true;
      return this;
    }

    /**
     * The listener's handlers (or the subscribed function) receive on the lane {@code name}, given
     * to the bus's builder with {@link MessageBus.Builder#lane}, except those whose
     * {@code @Subscribe(lane)} names another.
     */
    public Builder onLane(String name) {
      this.lane = Objects.requireNonNull(name, "name");
      return this;
    }

    /**
     * Registers {@code listener}'s {@code @Subscribe} methods with these options.
     *
     * @return the new registration, or the existing one (unchanged) if the listener is already
     *     registered
     * @throws IllegalArgumentException if no dispatcher was generated for its class
     */
    public Registration register(Object listener) {
      return replaySticky(
          bus.registry.register(Objects.requireNonNull(listener, "listener"), this));
    }

    /**
     * Registers {@code listener} like {@link #register} if its class, a superclass or an interface
     * of it has {@code @Subscribe} methods; otherwise does nothing, as Guava's {@code register}
     * does, and returns empty. For code that registers objects it does not know (a plugin host, a
     * dependency-injection hook). It is never silently nothing for an object that was meant to be a
     * listener: it throws when a class of the object's hierarchy carries Herald's {@code Subscribe}
     * and has no dispatcher (compiled without the processor), and when no class has a dispatcher
     * and one carries another bus's subscribing annotation (Guava's, greenrobot's, Otto's,
     * MBassador's, artemis-odb's), read from the class files, not by reflection. A class whose
     * class file cannot be read (one made at run time) is judged by its dispatchers alone.
     *
     * @throws IllegalArgumentException if the class's code marks handlers that would never run; the
     *     message names them and the fix
     */
    public Optional<Registration> registerIfListener(Object listener) {
      Objects.requireNonNull(listener, "listener");
      if (!bus.registry.lookup().hasHandlers(listener.getClass(), bus.refusesForeignSubscribe)) {
        return Optional.empty();
      }
      return Optional.of(register(listener));
    }

    /** Subscribes {@code handler} to {@code type} with these options, held strongly. */
    public <T> Registration subscribe(Class<T> type, Consumer<? super T> handler) {
      return replaySticky(bus.registry.subscribe(type, handler, this));
    }

    /** Replays the kept sticky messages to a new registration's sticky handlers; returns it. */
    private Registration replaySticky(Registration registration) {
      bus.sticky.replayTo(registration.entry, bus.router);
      return registration;
    }
  }
}
