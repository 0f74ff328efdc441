package dev.herald;

/**
 * When a message posted by a handler, during the delivery of another, is delivered. Chosen once, on
 * the bus's builder.
 *
 * @since 0.1
 */
public enum NestedPosts {
  /**
   * At once, inside the handler's {@code post}: the nested message reaches all its handlers before
   * the handlers of the outer message that have not run yet. Herald's default: a game handler that
   * posts expects the consequences to have happened when {@code post} returns, and {@code post} can
   * say how many handlers ran.
   */
  DEPTH_FIRST,
  /**
   * Queued per thread and delivered after the outer message has reached all its handlers, in the
   * order posted (Guava's {@code EventBus} and greenrobot's rule): every handler sees the messages
   * of one thread in the order they were posted. A queued {@code post} returns 0, since its
   * handlers have not run yet. {@code request} is never queued: it returns replies.
   */
  BREADTH_FIRST
}
