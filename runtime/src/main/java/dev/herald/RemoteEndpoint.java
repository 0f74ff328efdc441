package dev.herald;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A peer in another process, attached to this bus by {@link MessageBus#attachRemote}: its
 * {@linkplain #address() address} is where local code sends messages for the peer, and
 * {@link #deliver} posts what the peer sent as coming from that address, so a handler's
 * {@link Envelope#from()} names the peer and nobody else can post in its name.
 */
public final class RemoteEndpoint implements AutoCloseable {
  private static final AtomicLong NUMBERS = new AtomicLong();

  private final Delivery delivery;
  final Registry owner;
  final RemoteLink link;
  final long number = NUMBERS.incrementAndGet();
  private final Address address;
  private volatile boolean closed;

  RemoteEndpoint(Delivery delivery, Registry owner, RemoteLink link) {
    this.delivery = delivery;
    this.owner = owner;
    this.link = link;
    this.address = Address.remote(this);
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
    return delivery.plainPosts().sendFromRemote(address, message);
  }

  /**
   * Broadcasts {@code message} like {@link #deliver}, for a link that must know whether it was
   * handled before it acknowledges it to the peer: returns the first exception a handler of
   * {@code message} threw on this thread (given to the error handler as usual, not thrown
   * here), or null when every one returned normally. Handlers that run later or on other
   * threads (asynchronous, on a lane) are not waited for; failures of the messages those
   * handlers post are not counted. What propagates from the bus (a
   * {@link VirtualMachineError}, what the error handler threw) propagates from here too.
   */
  public Throwable deliverWatched(Object message) {
    return delivery.sendFromRemoteWatched(address, message);
  }

  /**
   * Broadcasts {@code message} like {@link #deliver}, as a request from the peer: returns the
   * replies of type {@code replyType}, for the link to carry back.
   */
  public <R> List<R> request(Object message, Class<R> replyType) {
    return delivery.request(address, message, Header.BROADCAST, replyType);
  }

  /**
   * Retires the address: from now on, what is sent to it reaches nobody (the link is not
   * called). Idempotent.
   */
  @Override
  public void close() {
    closed = true;
  }

  boolean isClosed() {
    return closed;
  }

  @Override
  public String toString() {
    return "RemoteEndpoint[" + address + "]";
  }
}
