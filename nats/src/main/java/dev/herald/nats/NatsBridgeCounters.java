package dev.herald.nats;

/**
 * What a {@link NatsBridge} has carried and what it could not, as of when {@link
 * NatsBridge#counters()} was called: an immutable snapshot, each count read once (the counts are
 * not taken at one instant, so a message in flight may show in one and not yet in another). Every
 * count only grows over the bridge's life.
 *
 * @since 0.1
 */
public final class NatsBridgeCounters {
  private final long sent;
  private final long received;
  private final long lost;
  private final long dropped;
  private final long malformed;
  private final long importFailures;

  NatsBridgeCounters(
      long sent, long received, long lost, long dropped, long malformed, long importFailures) {
    this.sent = sent;
    this.received = received;
    this.lost = lost;
    this.dropped = dropped;
    this.malformed = malformed;
    this.importFailures = importFailures;
  }

  /**
   * Messages this bridge handed to NATS: every exported message published (through core NATS, or
   * stored by JetStream, once however many attempts that took), every message sent to one other
   * process's address, and every request. Not the announcements of the last numbers, nor the
   * replies to other processes' requests.
   */
  public long sent() {
    return sent;
  }

  /**
   * Messages from other processes that this bridge handed to the bus: imported, sent to this
   * process alone, or requests for the local handlers to answer. Counted as each is handed over,
   * before its handlers run, so a handler sees its own message counted; one whose delivery then
   * fails counts in {@link #importFailures()} too. A durable message delivered again after a
   * handler failed counts once per delivery; a copy dropped as a redelivery, and the replies to
   * this process's own requests, do not count.
   */
  public long received() {
    return received;
  }

  /** {@link NatsBridge#lostCount()}: messages from other processes that never reached a handler. */
  public long lost() {
    return lost;
  }

  /** {@link NatsBridge#droppedCount()}: messages this bridge could not hand to NATS. */
  public long dropped() {
    return dropped;
  }

  /**
   * Messages from other processes that could not be read, each reported as a {@link
   * MalformedPayloadException}: every report counts, a copy for an overlapping import too.
   */
  public long malformed() {
    return malformed;
  }

  /**
   * Failures reported as {@link ImportFailedException}s: every report counts, including those of a
   * durable message that JetStream will deliver again.
   */
  public long importFailures() {
    return importFailures;
  }

  @Override
  public String toString() {
    return "NatsBridgeCounters[sent "
        + sent
        + ", received "
        + received
        + ", lost "
        + lost
        + ", dropped "
        + dropped
        + ", malformed "
        + malformed
        + ", import failures "
        + importFailures
        + "]";
  }
}
