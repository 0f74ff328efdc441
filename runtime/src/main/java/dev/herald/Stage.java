package dev.herald;

/**
 * The points of a game loop's frame at which queued messages are delivered. The loop calls {@link
 * MessageBus#runStage(Stage)} for each stage it has, in its own order, and {@link
 * MessageBus#endFrame()} at the end of the frame.
 *
 * @since 0.1
 */
public enum Stage {
  /**
   * No stage: without a delay, the message is delivered at once, inside the send; with a delay, at
   * the first run of any stage once it is due.
   */
  IMMEDIATE,
  /** The fixed-timestep physics update, which may run several times a frame. */
  FIXED_UPDATE,
  /** The main update. */
  UPDATE,
  /** After every update: cameras, follow-ups. */
  LATE_UPDATE,
  /** After rendering, before the frame ends. */
  END_OF_FRAME
}
