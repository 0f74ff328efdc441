package dev.herald.bridge;

import dev.herald.DeadMessage;
import java.util.List;

/**
 * A hidden handler for code that forwards the messages of a type out of the process, such as a
 * bridge to other processes. Registered with {@link Bridge#forward(Class, Forwarder)}.
 *
 * <p>Unlike a {@link Responder}, it takes no envelope: a plain post reaches it by the same direct
 * call that reaches a plain {@code @Subscribe} method, with no envelope made and no clock read.
 * (When the forwarder is the only handler of the message's class, the post also looks the class's
 * handlers up, and posts the {@link DeadMessage} if anyone listens for it; when another handler of
 * the class needs more than a call, the post takes the full delivery, as it would without the
 * forwarder.) It still learns what a forwarder must know, whether the sender waits for replies: a
 * request reaches {@link #forwardRequest}, everything else {@link #forward}. It does not learn the
 * sender, the tags or the destination: when those matter, register a {@link Responder}, which sees
 * the envelope.
 *
 * <pre>{@code
 * Bridge.of(bus).forward(Score.class, new Forwarder<Score>() {
 *   public void forward(Score score) { link.publish(score); }
 *   public List<?> forwardRequest(Score score) { return link.ask(score); }
 * });
 * }</pre>
 *
 * <p>A forwarder is hidden: it does not count as a receiver, so a message that only forwarders
 * receive is still a {@link DeadMessage} here, and fails a header's {@code requireReceiver}. What
 * it forwards may reach nobody, and the bus cannot know. It is called on the sending thread, in the
 * order of priority and registration like any handler.
 *
 * @param <T> the message type, with its subtypes
 * @since 0.1
 */
public interface Forwarder<T> {

  /**
   * Handles {@code message}, posted or sent with nobody waiting for replies, on the sending thread.
   *
   * @throws Exception anything, which goes to the bus's error handler
   */
  void forward(T message) throws Exception;

  /**
   * Handles {@code message}, sent with {@code request}, on the sending thread.
   *
   * @return the replies, in order (those that are not instances of the requested type are left
   *     out). Never null: return an empty list.
   * @throws Exception anything, which goes to the bus's error handler
   */
  List<?> forwardRequest(T message) throws Exception;
}
