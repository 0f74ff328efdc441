package dev.herald;

/**
 * What {@link MessageBus#shutdown} does with messages still waiting for their stage.
 *
 * @since 0.1
 */
public enum QueuedMessages {
  /** Delivers them now, in the order their stage runs would have, ignoring when they are due. */
  DELIVER,
  /** Drops them; the report counts them. */
  DISCARD
}
