package dev.herald.net;

/**
 * What {@link Connection#trySend} did with a message.
 *
 * @since 0.1
 */
public enum SendStatus {
  /** The message was queued; its handle now names it. */
  ACCEPTED,
  /**
   * Refused: the window of unexecuted messages is full. Nothing was queued; try again after
   * acknowledgements have arrived.
   */
  WINDOW_FULL,
  /**
   * Refused: the connection has a {@linkplain ConnectionConfig#withBandwidth bandwidth budget} and
   * its queue of messages waiting for it is full ({@link ConnectionConfig#withMaxQueuedBytes}).
   * Nothing was queued; try again once the budget has let some out ({@link
   * Connection#queuedBytes()} says how much waits).
   */
  QUEUE_FULL,
  /** Refused: the connection has failed (see {@link Connection#failure()}). */
  CONNECTION_FAILED
}
