package dev.herald;

/**
 * What {@link MessageBus#shutdown} did with the work it found: nothing is lost silently.
 *
 * <p>Every queued message is accounted for: delivered, discarded, or failed (its delivery threw out
 * of the bus: the error handler rethrew, or an {@code Error}); the messages after a failed one are
 * still delivered. Once the report is made, the first such throwable is thrown from {@code
 * shutdown} (later ones suppressed in it, a checked one wrapped in an {@link
 * IllegalStateException}); {@code shutdown} or {@code close} again returns the report.
 *
 * @since 0.1
 */
public final class ShutdownReport {
  private final int delivered;
  private final int discarded;
  private final int failed;
  private final int unfinishedAsync;

  ShutdownReport(int delivered, int discarded, int failed, int unfinishedAsync) {
    this.delivered = delivered;
    this.discarded = discarded;
    this.failed = failed;
    this.unfinishedAsync = unfinishedAsync;
  }

  /** Queued messages delivered during the shutdown. */
  public int delivered() {
    return delivered;
  }

  /** Queued messages dropped, by {@link QueuedMessages#DISCARD}. */
  public int discarded() {
    return discarded;
  }

  /**
   * Queued messages whose delivery threw out of the bus (the error handler rethrew a handler's
   * failure, or an {@code Error} escaped); {@code delivered + discarded + failed} is the number of
   * messages that were queued.
   */
  public int failed() {
    return failed;
  }

  /**
   * Asynchronous handler calls that had not finished when the wait ended: those still running then,
   * which finish on their own, and those not started, which never run.
   */
  public int unfinishedAsync() {
    return unfinishedAsync;
  }

  /**
   * Messages and handler calls that did not fully happen: {@code discarded + failed +
   * unfinishedAsync}.
   */
  public int undelivered() {
    return discarded + failed + unfinishedAsync;
  }

  /** Whether everything that was waiting was done. */
  public boolean isComplete() {
    return undelivered() == 0;
  }

  @Override
  public String toString() {
    return "ShutdownReport[delivered="
        + delivered
        + ", discarded="
        + discarded
        + ", failed="
        + failed
        + ", unfinishedAsync="
        + unfinishedAsync
        + "]";
  }
}
