package dev.herald;

import java.util.Objects;

/**
 * Where a message is sent. Every {@link Registration} has an address; several registrations may
 * share one, as the components of a game entity do ({@link MessageBus#createAddress()}, then {@link
 * MessageBus#register(Object, Address)} for each component), so that everything sent to the entity
 * reaches all of them. Addresses are capabilities: only a registration can send <em>from</em> its
 * address.
 *
 * <p>Besides the addresses a bus makes, there are destinations resolved when a message is sent:
 * {@link #BROADCAST} (everyone, the default), {@link #BROADCAST_NOT_ME} (everyone but the handlers
 * at the sender's address), {@link #SELF} (the sender's own address) and {@link #named(String)
 * named} addresses bound with {@link Registration#bind(String)}. A peer in another process can have
 * an address too ({@link #isRemote()}, made by {@link dev.herald.bridge.Bridge#attachRemote}).
 *
 * <p>An address made by a bus is retired when the last registration at it is closed; what is sent
 * to a retired address, or to a name nobody has bound, reaches nobody.
 *
 * <p>Immutable, so thread-safe (whether it is retired can change; it is read safely from any
 * thread).
 *
 * @since 0.1
 */
public final class Address {
  /** Everyone on the bus. The default destination. */
  public static final Address BROADCAST = new Address(Kind.BROADCAST, null, null);

  /** Everyone except the handlers at the sender's address. */
  public static final Address BROADCAST_NOT_ME = new Address(Kind.BROADCAST_NOT_ME, null, null);

  /** The sender's own address; only a registration can send to it. */
  public static final Address SELF = new Address(Kind.SELF, null, null);

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

  /** For an address a bus made: who is there, kept by that bus's {@link Registry}; else null. */
  final AddressEntry entry;

  /** For a peer in another process: its endpoint on the bus that attached it; else null. */
  final RemotePeer remote;

  private Address(Kind kind, String name, AddressEntry entry) {
    this(kind, name, entry, null);
  }

  private Address(Kind kind, String name, AddressEntry entry, RemotePeer remote) {
    this.kind = kind;
    this.name = name;
    this.entry = entry;
    this.remote = remote;
  }

  /**
   * The address of a peer in another process, attached by {@link
   * dev.herald.bridge.Bridge#attachRemote}.
   */
  static Address remote(RemotePeer endpoint) {
    return new Address(Kind.REMOTE, null, null, endpoint);
  }

  /** An address made by a bus, whose registry keeps {@code entry}. */
  static Address entity(AddressEntry entry) {
    return new Address(Kind.ENTITY, null, entry);
  }

  /**
   * The address bound to {@code name} when a message is sent, for well-known objects such as {@code
   * "world"}. A message sent to a name nobody has bound reaches nobody.
   */
  public static Address named(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("An address name must not be empty");
    }
    return new Address(Kind.NAMED, name, null);
  }

  /** The name of a {@link #named} address, or {@code null}. */
  public String name() {
    return name;
  }

  /**
   * Whether this address was made by a bus and all its registrations have been closed, or is a
   * remote peer's whose endpoint was closed.
   */
  public boolean isRetired() {
    return entry != null ? entry.isRetired() : remote != null && remote.isClosed();
  }

  /**
   * Whether this is a peer in another process ({@link dev.herald.bridge.Bridge#attachRemote}): what
   * is sent here leaves the process instead of reaching local handlers.
   */
  public boolean isRemote() {
    return kind == Kind.REMOTE;
  }

  /**
   * Two named addresses are equal when their names are; every other address (one a bus made, a
   * remote peer's, {@link #BROADCAST}, {@link #SELF}...) is equal only to itself. So {@code
   * Address.named("score")} can be made again wherever it is needed, and used as a key.
   */
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
        return "Address#" + entry.number;
      case NAMED:
        return "Address.named(\"" + name + "\")";
      case REMOTE:
        return "Address.remote#" + remote.number;
      default:
        return "Address." + kind.name();
    }
  }

  /** {@code address}, if {@code registry}'s bus made it and it is not retired. */
  static Address requireLive(Registry registry, Address address, String what) {
    requireOwn(registry, address, what);
    if (address.isRetired()) {
      throw retiredError(address, what);
    }
    return address;
  }

  /** {@code address}, if {@code registry}'s bus made it. */
  static Address requireOwn(Registry registry, Address address, String what) {
    Objects.requireNonNull(address, "address");
    if (address.kind != Address.Kind.ENTITY) {
      throw new IllegalArgumentException(
          "Cannot "
              + what
              + " "
              + address
              + ": only an address made by the bus"
              + " (createAddress() or a registration's address()) can be used here");
    }
    if (address.entry.owner != registry) {
      throw new IllegalArgumentException(
          "Cannot " + what + " " + address + ": it belongs to another bus");
    }
    return address;
  }

  static IllegalStateException retiredError(Address address, String what) {
    return new IllegalStateException(
        "Cannot " + what + " " + address + ": it was retired when its last registration closed");
  }
}
