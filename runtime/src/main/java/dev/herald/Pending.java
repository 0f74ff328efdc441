package dev.herald;

import java.util.Comparator;

/** A message waiting in the {@link Schedule} for its stage run. */
final class Pending {
  static final Comparator<Pending> BY_DUE_FRAME = new ByDueFrame();
  static final Comparator<Pending> BY_DUE_TIME = new ByDueTime();

  // Not final: a Schedule reuses an entry once its message is delivered, so that a delayed message
  // allocates nothing; an entry is only ever read by the thread that took it from the schedule.
  Object message;
  Header header;
  Address from;
  long sentNanos;
  long sentFrame;
  long dueNanos;
  long dueFrame;
  long sequence;

  Pending() {}

  /** Fills this entry, new or reused. */
  Pending set(
      Object message,
      Header header,
      Address from,
      long sentNanos,
      long sentFrame,
      long dueNanos,
      long dueFrame,
      long sequence) {
    this.message = message;
    this.header = header;
    this.from = from;
    this.sentNanos = sentNanos;
    this.sentFrame = sentFrame;
    this.dueNanos = dueNanos;
    this.dueFrame = dueFrame;
    this.sequence = sequence;
    return this;
  }

  /** Lets go of what this entry referred to, before it waits to be reused. */
  void clear() {
    message = null;
    header = null;
    from = null;
  }

  /** Whether it falls due at {@code frame} and {@code nowNanos}. */
  boolean isDue(long frame, long nowNanos) {
    // due times are compared by difference, as System.nanoTime values must be
    return isTimed() ? nowNanos - dueNanos >= 0 : frame >= dueFrame;
  }

  /** Time-delayed messages fall due on the ticker; the others on the frame count. */
  boolean isTimed() {
    return header.delayNanos() >= 0;
  }

  private static final class ByDueFrame implements Comparator<Pending> {
    @Override
    public int compare(Pending a, Pending b) {
      int byFrame = Long.compare(a.dueFrame, b.dueFrame);
      return byFrame != 0 ? byFrame : Long.compare(a.sequence, b.sequence);
    }
  }

  private static final class ByDueTime implements Comparator<Pending> {
    @Override
    public int compare(Pending a, Pending b) {
      // due times are compared by difference, as System.nanoTime values must be
      long difference = a.dueNanos - b.dueNanos;
      if (difference != 0) {
        return difference < 0 ? -1 : 1;
      }
      return Long.compare(a.sequence, b.sequence);
    }
  }
}
