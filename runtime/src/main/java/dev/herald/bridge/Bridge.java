package dev.herald.bridge;

import dev.herald.Envelope;
import dev.herald.MessageBus;
import dev.herald.Registration;
import dev.herald.internal.BridgeAccess;
import dev.herald.time.Ticker;
import java.util.Objects;

/**
 * What a bridge to other processes needs of a {@link MessageBus} beyond what an application uses:
 * peers as addresses, hidden handlers that carry messages out, a way to report failures that happen
 * outside any handler, and the bus's ticker. The one entry point of this package:
 *
 * <pre>{@code
 * Bridge bridge = Bridge.of(bus);
 * RemoteEndpoint peer = bridge.attachRemote((message, from) -> link.send(message));
 * bridge.forward(Score.class, scoreForwarder);
 * }</pre>
 *
 * <p>Thread-safe, like the bus: every method may be called from any thread.
 *
 * @since 0.1
 */
public interface Bridge {

  /**
   * The bridge side of {@code bus}.
   *
   * @throws NullPointerException if {@code bus} is null
   */
  static Bridge of(MessageBus bus) {
    return BridgeAccess.installed().bridgeOf(Objects.requireNonNull(bus, "bus"));
  }

  /**
   * Attaches a peer in another process and returns its endpoint: local code sends to its address
   * ({@link RemoteLink#send} carries the message), and the peer's messages are {@linkplain
   * RemoteEndpoint#receive received} as sent from it. A send to a remote address leaves at once: a
   * stage, a delay or a {@code request} is refused.
   */
  RemoteEndpoint attachRemote(RemoteLink link);

  /**
   * Gives {@code failure}, which happened outside any handler (a bridge to other processes lost its
   * connection, say), to the bus's error handler; the context names {@code source} as the handler
   * and {@code message} (which may be null) as the message.
   */
  void reportError(Throwable failure, String source, Object message);

  /**
   * Registers {@code forwarder} for {@code type}, held strongly: a hidden handler that a plain post
   * calls directly, and that tells requests from the rest (see {@link Forwarder}).
   */
  <T> Registration forward(Class<T> type, Forwarder<? super T> forwarder);

  /**
   * Registers {@code forwarder} like {@link #forward(Class, Forwarder)}, with the routing options
   * of {@code options} (made by this bus's {@link MessageBus#registration()}). As for {@link
   * #respond}, {@code weakly} and {@code sticky} do not apply: the forwarder is held until the
   * registration is closed, and kept sticky messages are not replayed to it.
   *
   * @throws IllegalArgumentException if the options name a lane (a forwarder runs on the sending
   *     thread, where it can answer a request), or belong to another bus
   */
  <T> Registration forward(
      Registration.Builder options, Class<T> type, Forwarder<? super T> forwarder);

  /**
   * Registers {@code responder} for {@code type}, held strongly: like {@link MessageBus#subscribe},
   * but it sees the envelope and answers requests (see {@link Responder}).
   */
  <T> Registration respond(Class<T> type, Responder<? super T> responder);

  /**
   * The type of reply the sender of {@code envelope}'s message waits for when it came through
   * {@code request}, or {@code null} when it was posted or sent and nobody waits: what a {@link
   * Responder} checks before it forwards a request.
   */
  Class<?> replyType(Envelope envelope);

  /**
   * Where the bus reads the time ({@link MessageBus.Builder#ticker}): a bridge times its
   * connections by the same ticker, so a bus on a test or replay ticker drives its network on that
   * time too.
   */
  Ticker ticker();
}
