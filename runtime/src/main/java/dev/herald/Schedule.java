package dev.herald;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The messages waiting for a stage run: per stage, one priority queue by due frame (frame delays,
 * and staged messages without delay) and one by due time; the queues of {@link Stage#IMMEDIATE}
 * hold the delayed messages without a stage constraint, which any stage run delivers. A run costs
 * O(k log n) for k due out of n pending: it looks only at the heads of the queues.
 *
 * <p>Thread-safe; the lock is held only to move entries in and out, never while delivering.
 */
final class Schedule {
  private final Object lock = new Object();
  private final PriorityQueue<Pending>[] byFrame;
  private final PriorityQueue<Pending>[] byTime;
  private long sequence;
  private int size;
  private boolean closed;

  Schedule() {
    this(Pending.BY_DUE_FRAME, Pending.BY_DUE_TIME);
  }

  /** A schedule whose queues keep these orders; a test counts their comparisons. */
  @SuppressWarnings("unchecked")
  Schedule(Comparator<Pending> byDueFrame, Comparator<Pending> byDueTime) {
    int stages = Stage.values().length;
    byFrame = new PriorityQueue[stages];
    byTime = new PriorityQueue[stages];
    for (int i = 0; i < stages; i++) {
      byFrame[i] = new PriorityQueue<>(byDueFrame);
      byTime[i] = new PriorityQueue<>(byDueTime);
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
      Pending pending =
          new Pending(message, header, from, nowNanos, frame, dueNanos, dueFrame, sequence++);
      queueOf(pending).add(pending);
      size++;
      return true;
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
   * added after this returns wait for the next run.
   */
  List<Pending> takeDue(Stage stage, long frame, long nowNanos) {
    synchronized (lock) {
      if (size == 0) {
        return Collections.emptyList();
      }
      List<Pending> due = null;
      due = drain(byFrame[stage.ordinal()], frame, nowNanos, due);
      due = drain(byTime[stage.ordinal()], frame, nowNanos, due);
      due = drain(byFrame[Stage.IMMEDIATE.ordinal()], frame, nowNanos, due);
      due = drain(byTime[Stage.IMMEDIATE.ordinal()], frame, nowNanos, due);
      if (due == null) {
        return Collections.emptyList();
      }
      size -= due.size();
      return due;
    }
  }

  /**
   * Takes everything, as {@link #takeDue} would order it if all of it were due, and closes the
   * schedule: nothing can be added after.
   */
  List<Pending> takeAll() {
    synchronized (lock) {
      closed = true;
      List<Pending> all = new ArrayList<>(size);
      for (Stage stage : Stage.values()) {
        drainAll(byFrame[stage.ordinal()], all);
        drainAll(byTime[stage.ordinal()], all);
      }
      size = 0;
      return all;
    }
  }

  int size() {
    synchronized (lock) {
      return size;
    }
  }

  private PriorityQueue<Pending> queueOf(Pending pending) {
    int stage = pending.header.stage().ordinal();
    return pending.isTimed() ? byTime[stage] : byFrame[stage];
  }

  private static List<Pending> drain(
      PriorityQueue<Pending> queue, long frame, long nowNanos, List<Pending> due) {
    Pending head;
    while ((head = queue.peek()) != null && isDue(head, frame, nowNanos)) {
      if (due == null) {
        due = new ArrayList<>();
      }
      due.add(queue.poll());
    }
    return due;
  }

  private static void drainAll(PriorityQueue<Pending> queue, List<Pending> into) {
    Pending head;
    while ((head = queue.poll()) != null) {
      into.add(head);
    }
  }

  private static boolean isDue(Pending pending, long frame, long nowNanos) {
    return pending.isTimed() ? nowNanos - pending.dueNanos >= 0 : frame >= pending.dueFrame;
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }
}
