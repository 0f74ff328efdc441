package dev.herald.bridge;

import dev.herald.Address;
import dev.herald.Envelope;
import java.util.List;

/**
 * A peer in another process, attached to a bus by {@link Bridge#attachRemote}: its {@linkplain
 * #address() address} is where local code sends messages for the peer, and {@link #receive} posts
 * what the peer sent as coming from that address, so a handler's {@link Envelope#from()} names the
 * peer and nobody else can post in its name.
 *
 * <p>Thread-safe: a link hands it what the peer sent from whichever thread receives the peer's
 * messages.
 *
 * @since 0.1
 */
public interface RemoteEndpoint extends AutoCloseable {

  /** The peer's address on the bus that attached it. */
  Address address();

  /**
   * Broadcasts {@code message} on the bus as sent by the peer: {@link Envelope#from()} is {@link
   * #address()}. Handlers run on this thread before it returns.
   *
   * @return how many handlers ran
   */
  int receive(Object message);

  /**
   * Broadcasts {@code message} like {@link #receive}, for a link that must know whether it was
   * handled before it acknowledges it to the peer: returns the first exception a handler of {@code
   * message} threw on this thread (given to the error handler as usual, not thrown here), or null
   * when every one returned normally. Handlers that run later or on other threads (asynchronous, on
   * a lane) are not waited for; failures of the messages those handlers post are not counted. What
   * propagates from the bus (a {@link VirtualMachineError}, what the error handler threw)
   * propagates from here too.
   */
  Throwable receiveWatched(Object message);

  /**
   * Broadcasts {@code message} like {@link #receive}, as a request from the peer: returns the
   * replies of type {@code replyType}, for the link to carry back.
   */
  <R> List<R> request(Object message, Class<R> replyType);

  /**
   * Retires the address: from now on, what is sent to it reaches nobody (the link is not called).
   * Idempotent.
   */
  @Override
  void close();
}
