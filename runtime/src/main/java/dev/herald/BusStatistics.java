package dev.herald;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Numbers about a bus at one moment, for metrics: {@link MessageBus#statistics()}. Immutable. The
 * counts of what went wrong only grow, from the bus's start; the depths and sizes are read when the
 * snapshot is made, each on its own (they are not one atomic view of the bus). Making one takes the
 * locks of the lanes and of the sticky messages for a moment, never the post path's.
 *
 * @since 0.1
 */
public final class BusStatistics {
  private final long handlerFailures;
  private final long deadMessages;
  private final long postChainsTooDeep;
  private final int stickyMessages;
  private final int asyncQueueDepth;
  private final Map<String, Integer> laneQueueDepths;
  private final int laneQueueDepth;
  private final int queuedForStages;

  /** The counts of {@code failures} so far, the sizes and queue depths now. */
  static BusStatistics of(
      Failures failures,
      StickyMessages sticky,
      AsyncCalls async,
      Map<String, Lane> lanes,
      FrameScheduler scheduler) {
    return new BusStatistics(
        failures.handlerFailures(),
        failures.deadMessages(),
        failures.chainsTooDeep(),
        sticky.size(),
        async.depth(),
        lanes,
        scheduler.pendingCount());
  }

  BusStatistics(
      long handlerFailures,
      long deadMessages,
      long postChainsTooDeep,
      int stickyMessages,
      int asyncQueueDepth,
      Map<String, Lane> lanes,
      int queuedForStages) {
    this.handlerFailures = handlerFailures;
    this.deadMessages = deadMessages;
    this.postChainsTooDeep = postChainsTooDeep;
    this.stickyMessages = stickyMessages;
    this.asyncQueueDepth = asyncQueueDepth;
    Map<String, Integer> depths = new LinkedHashMap<>();
    int total = 0;
    for (Lane lane : lanes.values()) {
      int depth = lane.depth();
      depths.put(lane.name, depth);
      total += depth;
    }
    this.laneQueueDepths = Collections.unmodifiableMap(depths);
    this.laneQueueDepth = total;
    this.queuedForStages = queuedForStages;
  }

  /**
   * Handler failures given to the error handler so far: exceptions thrown by handlers, on the
   * posting thread, an executor or a lane, and calls an executor refused. Not counted: {@link
   * VirtualMachineError}s, which propagate, and chains of posts too deep ({@link
   * #postChainsTooDeep()}).
   */
  public long handlerFailures() {
    return handlerFailures;
  }

  /**
   * Messages that reached no handler, or only hidden ones, so far (each one the bus posted, or
   * would have posted, as a {@link DeadMessage}; a {@code DeadMessage} that reaches nobody is not
   * counted).
   */
  public long deadMessages() {
    return deadMessages;
  }

  /** Posts stopped by a {@link PostChainTooDeepException} so far, each chain once. */
  public long postChainsTooDeep() {
    return postChainsTooDeep;
  }

  /** Sticky messages kept now ({@link StickyMessages#size()}). */
  public int stickyMessages() {
    return stickyMessages;
  }

  /**
   * Asynchronous handler calls taken and not yet finished: those waiting for the executor and those
   * running.
   */
  public int asyncQueueDepth() {
    return asyncQueueDepth;
  }

  /**
   * Messages waiting in all the lanes' queues together (each counted once per lane it waits for,
   * however many of the lane's handlers it is for; the one a lane is delivering is not counted).
   */
  public int laneQueueDepth() {
    return laneQueueDepth;
  }

  /** {@link #laneQueueDepth()} for each lane, by name, in the order the lanes were given. */
  public Map<String, Integer> laneQueueDepths() {
    return laneQueueDepths;
  }

  /** Messages queued for a stage run or a delay ({@link MessageBus#pendingCount()}). */
  public int queuedForStages() {
    return queuedForStages;
  }

  @Override
  public String toString() {
    return "BusStatistics[handlerFailures="
        + handlerFailures
        + ", deadMessages="
        + deadMessages
        + ", postChainsTooDeep="
        + postChainsTooDeep
        + ", stickyMessages="
        + stickyMessages
        + ", asyncQueueDepth="
        + asyncQueueDepth
        + ", laneQueueDepths="
        + laneQueueDepths
        + ", queuedForStages="
        + queuedForStages
        + "]";
  }
}
