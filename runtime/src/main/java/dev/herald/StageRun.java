package dev.herald;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The messages one stage run took from the {@link Schedule}, which the run delivers one by one
 * while a shutdown (from a handler of the run, or from another thread) may take the rest: each
 * message goes to exactly one of them, so a shutdown's report accounts for every message the run
 * had not begun to deliver.
 */
final class StageRun {
  /** What {@link #next} becomes once the rest was taken: no index. */
  private static final int STOPPED = Integer.MAX_VALUE;

  final List<Pending> due = new ArrayList<>();

  /** The index of the next message to deliver, or {@link #STOPPED}. */
  private final AtomicInteger next = new AtomicInteger();

  /** Where the rest began when it was taken: read under the schedule's lock. */
  private int stoppedAt = -1;

  /** The next message this run delivers, now its own, or null if none is left to it. */
  Pending claim() {
    for (int i = next.get(); i < due.size(); i = next.get()) {
      if (next.compareAndSet(i, i + 1)) {
        return due.get(i);
      }
    }
    return null;
  }

  /** Takes the messages this run has not claimed, in order; the run claims none after. */
  List<Pending> takeRest() {
    int from = next.getAndSet(STOPPED);
    if (from >= due.size()) {
      return List.of();
    }
    stoppedAt = from;
    return new ArrayList<>(due.subList(from, due.size()));
  }

  /** How many messages this run claimed: they were its to deliver. */
  int claimed() {
    return stoppedAt >= 0 ? stoppedAt : Math.min(next.get(), due.size());
  }

  /** Empties this run for its schedule to reuse. */
  void reset() {
    due.clear();
    next.set(0);
    stoppedAt = -1;
  }
}
