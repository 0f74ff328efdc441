package dev.herald.nats;

/**
 * A message from another process that arrived but did not reach every handler here, for a reason
 * the bus's error handler would not otherwise hear of: decoding it threw something other than a
 * {@link dev.herald.wire.WireFormatException} (an {@link OutOfMemoryError} for a length nothing
 * bounded, a {@link StackOverflowError} for a hostile nesting, a codec's bug), delivering it threw
 * out of the bus (a handler's {@link VirtualMachineError}, a {@link
 * dev.herald.PostChainTooDeepException}, what the error handler itself threw), or, for a durable
 * import, its handlers failed on every delivery JetStream made. The cause says which.
 *
 * <p>The bridge goes on with the next message. A durable message is delivered again when {@link
 * #willBeRedelivered()}; otherwise it is not, and counts in {@link NatsBridge#lostCount()}, once,
 * however many copies of it overlapping imports receive (each copy that throws is reported). The
 * bridge never stops the process: an application that would rather exit on a {@link
 * VirtualMachineError} does so in its error handler, from the cause.
 *
 * @since 0.1
 */
public final class ImportFailedException extends NatsBridgeException {
  private static final long serialVersionUID = 1L;

  private final String origin;
  private final boolean willBeRedelivered;

  ImportFailedException(
      String what, String subject, String origin, boolean willBeRedelivered, Throwable cause) {
    super(
        "Could not import a message on subject " + subject + " from " + origin + ": " + what,
        subject,
        cause);
    this.origin = origin;
    this.willBeRedelivered = willBeRedelivered;
  }

  /**
   * The process that sent it, as its subject's second token names it ({@link NatsBridge#origin()}).
   */
  public String origin() {
    return origin;
  }

  /** Whether JetStream will deliver it again (a durable import that has attempts left). */
  public boolean willBeRedelivered() {
    return willBeRedelivered;
  }
}
