package dev.herald;

import dev.herald.bridge.RemoteEndpoint;
import dev.herald.bridge.RemoteLink;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A peer in another process, attached by {@link dev.herald.bridge.Bridge#attachRemote}: the
 * runtime's {@link RemoteEndpoint}. Its address holds it, so a send to the address finds the link.
 */
final class RemotePeer implements RemoteEndpoint {
  private static final AtomicLong NUMBERS = new AtomicLong();

  private final Router router;
  final Registry owner;
  final RemoteLink link;
  final long number = NUMBERS.incrementAndGet();
  private final Address address;
  private volatile boolean closed;

  RemotePeer(Router router, Registry owner, RemoteLink link) {
    this.router = router;
    this.owner = owner;
    this.link = link;
    this.address = Address.remote(this);
  }

  @Override
  public Address address() {
    return address;
  }

  @Override
  public int receive(Object message) {
    return router.plainPosts().sendFromRemote(address, message);
  }

  @Override
  public Throwable receiveWatched(Object message) {
    return router.sendFromRemoteWatched(address, message);
  }

  @Override
  public <R> List<R> request(Object message, Class<R> replyType) {
    return router.request(address, message, Header.BROADCAST, replyType);
  }

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
