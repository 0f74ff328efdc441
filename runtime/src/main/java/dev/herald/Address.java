package dev.herald;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * Where a message is sent. Every {@link Registration} has an address; several registrations
 * may share one, as the components of a game entity do ({@link MessageBus#createAddress()},
 * then {@link MessageBus#register(Object, Address)} for each component), so that everything
 * sent to the entity reaches all of them. Addresses are capabilities: only a registration can
 * send <em>from</em> its address.
 *
 * <p>Besides the addresses a bus makes, there are destinations resolved when a message is
 * sent: {@link #BROADCAST} (everyone, the default), {@link #BROADCAST_NOT_ME} (everyone but
 * the handlers at the sender's address), {@link #SELF} (the sender's own address) and
 * {@link #named(String) named} addresses bound with {@link Registration#bind(String)}. A peer in
 * another process can have an address too ({@link #isRemote()}, made by
 * {@link MessageBus#attachRemote}).
 *
 * <p>An address made by a bus is retired when the last registration at it is closed; what
 * is sent to a retired address, or to a name nobody has bound, reaches nobody.
 */
public final class Address {
  /** Everyone on the bus. The default destination. */
  public static final Address BROADCAST = new Address(Kind.BROADCAST, null, null, 0);

  /** Everyone except the handlers at the sender's address. */
  public static final Address BROADCAST_NOT_ME = new Address(Kind.BROADCAST_NOT_ME, null, null, 0);

  /** The sender's own address; only a registration can send to it. */
  public static final Address SELF = new Address(Kind.SELF, null, null, 0);

  enum Kind {
    ENTITY,
    NAMED,
    SELF,
    BROADCAST,
    BROADCAST_NOT_ME,
    REMOTE
  }

  final Kind kind;
  private final String name;
  final MessageBus bus;
  private final long number;
  /** For a remote peer's address: what carries messages to it. */
  final RemoteLink remote;

  private final Object lock;
  /**
   * The routes of the handlers at this address and of those observing it, made when a
   * message is first sent here: most addresses (one per plain registration) never are.
   */
  private volatile RoutingTable table;
  /** The handlers at this address and those observing it; guarded by the bus's lock. */
  private List<Subscriber> members;
  /** Registrations at this address; guarded by the bus's lock. */
  int registrations;
  private volatile boolean retired;

  private Address(Kind kind, String name, MessageBus bus, long number) {
    this(kind, name, bus, number, null);
  }

  private Address(Kind kind, String name, MessageBus bus, long number, Object lock) {
    this(kind, name, bus, number, lock, null);
  }

  private Address(Kind kind, String name, MessageBus bus, long number, Object lock, RemoteLink remote) {
    this.kind = kind;
    this.name = name;
    this.bus = bus;
    this.number = number;
    this.lock = lock;
    this.remote = remote;
  }

  static Address entity(MessageBus bus, long number, Object lock) {
    return new Address(Kind.ENTITY, null, bus, number, lock);
  }

  static Address remote(MessageBus bus, long number, RemoteLink link) {
    return new Address(Kind.REMOTE, null, bus, number, null, link);
  }

  /** Retires a remote peer's address; it has no handlers, so no lock is needed. */
  void retireRemote() {
    retired = true;
  }

  /** Adds a handler that receives what is sent here; under the bus's lock. */
  void join(Subscriber subscriber) {
    if (retired) {
      return;
    }
    if (members == null) {
      members = new ArrayList<>(2);
    }
    members.add(subscriber);
    RoutingTable routes = table;
    if (routes != null) {
      routes.add(subscriber);
    }
  }

  /** Removes a handler added by {@link #join}; under the bus's lock. */
  void leave(Subscriber subscriber) {
    if (members != null) {
      members.remove(subscriber);
    }
    RoutingTable routes = table;
    if (routes != null) {
      routes.remove(subscriber);
    }
  }

  /** Takes out every retired handler, each list copied once; under the bus's lock. */
  void removeRetired() {
    if (members != null) {
      for (Iterator<Subscriber> it = members.iterator(); it.hasNext(); ) {
        if (it.next().isRetired()) {
          it.remove();
        }
      }
    }
    RoutingTable routes = table;
    if (routes != null) {
      routes.removeRetired();
    }
  }

  /** Retires this address; under the bus's lock. */
  void retire() {
    retired = true;
    table = null;
    members = null;
  }

  /** The routes for a message sent here, or null once retired. */
  RoutingTable routesForSending() {
    RoutingTable routes = table;
    if (routes != null || retired) {
      return routes;
    }
    synchronized (lock) {
      if (retired) {
        return null;
      }
      if (table == null) {
        RoutingTable made = new RoutingTable(lock);
        if (members != null) {
          for (Subscriber member : members) {
            made.add(member);
          }
        }
        table = made;
      }
      return table;
    }
  }

  /**
   * The address bound to {@code name} when a message is sent, for well-known objects such as
   * {@code "world"}. A message sent to a name nobody has bound reaches nobody.
   */
  public static Address named(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("An address name must not be empty");
    }
    return new Address(Kind.NAMED, name, null, 0);
  }

  /** The name of a {@link #named} address, or {@code null}. */
  public String name() {
    return name;
  }

  /** Whether this address was made by a bus and all its registrations have been closed. */
  public boolean isRetired() {
    return retired;
  }

  boolean isEntity() {
    return kind == Kind.ENTITY;
  }

  /**
   * Whether this is a peer in another process ({@link MessageBus#attachRemote}): what is sent
   * here leaves the process instead of reaching local handlers.
   */
  public boolean isRemote() {
    return kind == Kind.REMOTE;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    return other instanceof Address
        && kind == Kind.NAMED
        && ((Address) other).kind == Kind.NAMED
        && name.equals(((Address) other).name);
  }

  @Override
  public int hashCode() {
    return kind == Kind.NAMED ? name.hashCode() : System.identityHashCode(this);
  }

  @Override
  public String toString() {
    switch (kind) {
      case ENTITY:
        return "Address#" + number;
      case REMOTE:
        return "Address.remote#" + number;
      case NAMED:
        return "Address.named(\"" + name + "\")";
      default:
        return "Address." + kind.name();
    }
  }
}
