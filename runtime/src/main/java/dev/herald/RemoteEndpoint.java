package dev.herald;

/**
 * A peer in another process, attached to this bus by {@link MessageBus#attachRemote}: its
 * {@linkplain #address() address} is where local code sends messages for the peer, and
 * {@link #deliver} posts what the peer sent as coming from that address, so a handler's
 * {@link Envelope#from()} names the peer and nobody else can post in its name.
 */
public final class RemoteEndpoint implements AutoCloseable {
  private final MessageBus bus;
  private final Address address;

  RemoteEndpoint(MessageBus bus, Address address) {
    this.bus = bus;
    this.address = address;
  }

  /** The peer's address on this bus. */
  public Address address() {
    return address;
  }

  /**
   * Broadcasts {@code message} on this bus as sent by the peer: {@link Envelope#from()} is
   * {@link #address()}. Handlers run on this thread before it returns.
   *
   * @return how many handlers ran
   */
  public int deliver(Object message) {
    return bus.send(address, message, Header.BROADCAST, null, null);
  }

  /**
   * Retires the address: from now on, what is sent to it reaches nobody (the link is not
   * called). Idempotent.
   */
  @Override
  public void close() {
    address.retireRemote();
  }

  @Override
  public String toString() {
    return "RemoteEndpoint[" + address + "]";
  }
}
