package dev.herald;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The messages waiting for a stage run: per stage, one priority queue by due frame (frame delays,
 * and staged messages without delay) and one by due time; the queues of {@link Stage#IMMEDIATE}
 * hold the delayed messages without a stage constraint, which any stage run delivers. A run costs
 * O(k log n) for k due out of n pending: it looks only at the heads of the queues.
 *
 * <p>Thread-safe; the lock is held only to move entries in and out, never while delivering.
 */
final class Schedule {
  /**
   * How many delivered entries are kept for reuse, at most: enough for the messages a game keeps
   * waiting, not so many that a burst long past keeps its memory.
   */
  static final int MOST_SPARE_ENTRIES = 16_384;

  private final Object lock = new Object();
  private final DueQueue[] byFrame;
  private final DueQueue[] byTime;
  private long sequence;
  private int size;
  private boolean closed;

  /** Entries whose messages were delivered, for {@link #add} to reuse. */
  private Pending[] spareEntries = new Pending[16];

  private int spareCount;

  /** The runs under way, whose undelivered messages {@link #takeAll} takes too. */
  private final List<StageRun> running = new ArrayList<>();

  /** The last stage run, for the next to reuse; null while a run holds it. */
  private StageRun spareRun = new StageRun();

  /**
   * A run that took more than this many messages is not kept for reuse, so that a burst long past
   * keeps no burst-sized list.
   */
  private static final int LARGEST_KEPT_RUN = 1024;

  Schedule() {
    this(Pending.BY_DUE_FRAME, Pending.BY_DUE_TIME);
  }

  /** A schedule whose queues keep these orders; a test counts their comparisons. */
  Schedule(Comparator<Pending> byDueFrame, Comparator<Pending> byDueTime) {
    int stages = Stage.values().length;
    byFrame = new DueQueue[stages];
    byTime = new DueQueue[stages];
    for (int i = 0; i < stages; i++) {
      byFrame[i] = new DueQueue(byDueFrame);
      byTime[i] = new DueQueue(byDueTime);
    }
  }

  /**
   * Queues a message sent at {@code nowNanos} in frame {@code frame}.
   *
   * @return false, queueing nothing, once {@link #takeAll} has closed the schedule
   */
  boolean add(Object message, Header header, Address from, long nowNanos, long frame) {
    synchronized (lock) {
      if (closed) {
        return false;
      }
      long delayNanos = header.delayNanos();
      long delayFrames = header.delayFramesOrMinusOne();
      // nanoTime arithmetic wraps, and due times are compared by difference
      long dueNanos = delayNanos < 0 ? nowNanos : nowNanos + delayNanos;
      long dueFrame = delayFrames < 0 ? frame : saturatedAdd(frame, delayFrames);
      Pending entry = spareCount > 0 ? takeSpare() : new Pending();
      Pending pending =
          entry.set(message, header, from, nowNanos, frame, dueNanos, dueFrame, sequence++);
      queueOf(pending).add(pending);
      size++;
      return true;
    }
  }

  /**
   * Puts back what {@code run} has not claimed, keeping their place; in one step with taking it
   * from the run, so that a {@link #takeAll} gets it either from the run or from the queues.
   *
   * @return how many entries went back
   */
  int restoreRest(StageRun run) {
    synchronized (lock) {
      List<Pending> rest = run.takeRest();
      if (!restore(rest)) { // closed: takeAll took the rest from the run first, so none is left
        return 0;
      }
      return rest.size();
    }
  }

  /**
   * Puts back entries taken but not delivered, keeping their place.
   *
   * @return false, restoring nothing, once the schedule is closed
   */
  boolean restore(List<Pending> entries) {
    synchronized (lock) {
      if (closed) {
        return false;
      }
      for (Pending pending : entries) {
        queueOf(pending).add(pending);
        size++;
      }
      return true;
    }
  }

  /**
   * Takes what a run of {@code stage} delivers at {@code frame} and {@code nowNanos}, in delivery
   * order: the stage's own messages (frame-due by due frame, then time-due by due time, each then
   * by send order), then the due messages without a stage constraint, in the same order. Entries
   * added after this returns wait for the next run. Until the run is {@link #finished}, a {@link
   * #takeAll} takes what it has not claimed.
   */
  StageRun takeDue(Stage stage, long frame, long nowNanos) {
    synchronized (lock) {
      StageRun run = spareRun != null ? spareRun : new StageRun();
      spareRun = null;
      if (size > 0) {
        drain(byFrame[stage.ordinal()], frame, nowNanos, run.due);
        drain(byTime[stage.ordinal()], frame, nowNanos, run.due);
        drain(byFrame[Stage.IMMEDIATE.ordinal()], frame, nowNanos, run.due);
        drain(byTime[Stage.IMMEDIATE.ordinal()], frame, nowNanos, run.due);
        size -= run.due.size();
      }
      running.add(run);
      return run;
    }
  }

  /**
   * Ends {@code run}: the entries it claimed, delivered or failed, and the run itself are reused;
   * those a {@link #takeAll} or a restore took are not.
   */
  void finished(StageRun run) {
    synchronized (lock) {
      removeRunning(run);
      int claimed = run.claimed();
      for (int i = 0; i < claimed && spareCount < MOST_SPARE_ENTRIES; i++) {
        keepSpare(run.due.get(i));
      }
      if (run.due.size() <= LARGEST_KEPT_RUN) {
        run.reset();
        spareRun = run;
      }
    }
  }

  private void removeRunning(StageRun run) {
    for (int i = running.size() - 1; i >= 0; i--) {
      if (running.get(i) == run) {
        running.remove(i);
        return;
      }
    }
  }

  /**
   * Takes everything: what the runs under way have not claimed, then what waits, as {@link
   * #takeDue} would order it if all of it were due; and closes the schedule: nothing can be added
   * after.
   */
  List<Pending> takeAll() {
    synchronized (lock) {
      closed = true;
      List<Pending> all = new ArrayList<>(size);
      for (StageRun run : running) { // due before anything still queued
        all.addAll(run.takeRest());
      }
      for (Stage stage : Stage.values()) {
        drainAll(byFrame[stage.ordinal()], all);
        drainAll(byTime[stage.ordinal()], all);
      }
      size = 0;
      spareEntries = new Pending[0];
      spareCount = 0;
      return all;
    }
  }

  int size() {
    synchronized (lock) {
      return size;
    }
  }

  /** The most messages any of its rings holds before growing: for tests of what a burst leaves. */
  int largestCapacity() {
    synchronized (lock) {
      int largest = 0;
      for (int i = 0; i < byFrame.length; i++) {
        largest = Math.max(largest, Math.max(byFrame[i].capacity(), byTime[i].capacity()));
      }
      return largest;
    }
  }

  private Pending takeSpare() {
    Pending spare = spareEntries[--spareCount];
    spareEntries[spareCount] = null;
    return spare;
  }

  private void keepSpare(Pending delivered) {
    delivered.clear();
    if (spareCount == spareEntries.length) {
      spareEntries = Arrays.copyOf(spareEntries, Math.max(16, spareCount * 2));
    }
    spareEntries[spareCount++] = delivered;
  }

  private DueQueue queueOf(Pending pending) {
    int stage = pending.header.stage().ordinal();
    return pending.isTimed() ? byTime[stage] : byFrame[stage];
  }

  private static void drain(DueQueue queue, long frame, long nowNanos, List<Pending> due) {
    Pending next;
    while ((next = queue.pollDue(frame, nowNanos)) != null) {
      due.add(next);
    }
  }

  private static void drainAll(DueQueue queue, List<Pending> into) {
    Pending next;
    while ((next = queue.poll()) != null) {
      into.add(next);
    }
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }
}
