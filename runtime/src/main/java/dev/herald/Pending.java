package dev.herald;

import java.util.Comparator;

/** A message waiting in the {@link Schedule} for its stage run. */
final class Pending {
  static final Comparator<Pending> BY_DUE_FRAME = new ByDueFrame();
  static final Comparator<Pending> BY_DUE_TIME = new ByDueTime();

  final Object message;
  final Header header;
  final Address from;
  final long sentNanos;
  final long sentFrame;
  final long dueNanos;
  final long dueFrame;
  final long sequence;

  Pending(
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
