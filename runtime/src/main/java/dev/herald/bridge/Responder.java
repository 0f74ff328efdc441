package dev.herald.bridge;

import dev.herald.DeadMessage;
import dev.herald.Envelope;
import java.util.List;

/**
 * A handler function that sees the envelope and can answer requests: for code that forwards
 * messages somewhere else, such as a bridge to other processes, which must know whether the sender
 * waits for replies. Registered with {@link Bridge#respond}.
 *
 * <pre>{@code
 * Bridge bridge = Bridge.of(bus);
 * bridge.respond(PriceQuery.class, (query, envelope) ->
 *     bridge.replyType(envelope) == null ? List.of() : List.of(lookUp(query)));
 * }</pre>
 *
 * <p>A responder is hidden: it does not count as a receiver, so a message that only responders
 * receive is still a {@link DeadMessage} here, and fails a header's {@code requireReceiver}. What
 * it forwards may reach nobody, and the bus cannot know.
 *
 * @param <T> the message type, with its subtypes
 * @since 0.1
 */
@FunctionalInterface
public interface Responder<T> {

  /**
   * Handles {@code message}, on the sending thread.
   *
   * @param envelope the delivery's envelope; {@link Bridge#replyType} gives the type a request
   *     asked for, or {@code null} when nobody waits for replies
   * @return the replies, in order (those that are not instances of the requested type are left
   *     out); ignored when nobody waits for replies. Never null: return an empty list.
   * @throws Exception anything, which goes to the bus's error handler
   */
  List<?> respond(T message, Envelope envelope) throws Exception;
}
