package dev.herald;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * The waiting messages of one stage and one kind of delay, in the order they fall due. Messages
 * mostly arrive in that order already (a game delays by the same amount, or by growing amounts), so
 * each one that falls due no earlier than the last arrival is appended to a ring, in O(1) and with
 * no comparison past that one; only one that falls due earlier goes to a heap. The earliest is the
 * earlier of the two heads. Not synchronized: {@link Schedule} holds its lock around every call.
 */
final class DueQueue {
  private static final int SMALL = 16;

  /**
   * A ring or heap past this size is let go when it empties after holding less than a quarter of
   * it, so that a burst long past keeps no burst-sized array, while a game that fills it to the
   * same size frame after frame keeps it.
   */
  static final int LARGEST_KEPT = 1024;

  private final Comparator<Pending> order;
  private PriorityQueue<Pending> early;
  private int mostEarly;

  /** The most the heap held since it was made: about the length of its array. */
  private int mostEarlyEver;

  private Pending[] ring = new Pending[SMALL];
  private int head;
  private int count;

  /** The most the ring held since it was last empty. */
  private int mostInRing;

  DueQueue(Comparator<Pending> order) {
    this.order = order;
    this.early = new PriorityQueue<>(order);
  }

  /** How many messages the ring can hold before it grows: for tests of what a burst leaves. */
  int capacity() {
    return ring.length;
  }

  void add(Pending pending) {
    if (count > 0 && order.compare(pending, last()) < 0) {
      early.add(pending);
      mostEarly = Math.max(mostEarly, early.size());
      mostEarlyEver = Math.max(mostEarlyEver, mostEarly);
      return;
    }
    if (count == ring.length) {
      grow();
    }
    ring[(head + count) & (ring.length - 1)] = pending;
    count++;
    if (count > mostInRing) {
      mostInRing = count;
    }
  }

  /**
   * Takes the earliest waiting message if it is due at {@code frame} and {@code nowNanos}, else
   * returns null. Compares only when both heads are due.
   */
  Pending pollDue(long frame, long nowNanos) {
    Pending inOrder = count > 0 ? ring[head] : null;
    Pending outOfOrder = early.peek();
    boolean inOrderDue = inOrder != null && inOrder.isDue(frame, nowNanos);
    boolean outOfOrderDue = outOfOrder != null && outOfOrder.isDue(frame, nowNanos);
    if (inOrderDue && (!outOfOrderDue || order.compare(inOrder, outOfOrder) < 0)) {
      return takeHead();
    }
    return outOfOrderDue ? pollEarly() : null;
  }

  /** Takes the earliest waiting message, due or not, or returns null if none waits. */
  Pending poll() {
    Pending inOrder = count > 0 ? ring[head] : null;
    Pending outOfOrder = early.peek();
    if (inOrder != null && (outOfOrder == null || order.compare(inOrder, outOfOrder) < 0)) {
      return takeHead();
    }
    return pollEarly();
  }

  private Pending pollEarly() {
    Pending taken = early.poll();
    if (early.isEmpty()) {
      if (mostEarlyEver > LARGEST_KEPT && mostEarly < mostEarlyEver / 4) {
        early = new PriorityQueue<>(order); // PriorityQueue never gives back its array
        mostEarlyEver = 0;
      }
      mostEarly = 0;
    }
    return taken;
  }

  private Pending takeHead() {
    Pending taken = ring[head];
    ring[head] = null;
    head = (head + 1) & (ring.length - 1);
    count--;
    if (count == 0) {
      if (ring.length > LARGEST_KEPT && mostInRing < ring.length / 4) {
        ring = new Pending[SMALL];
        head = 0;
      }
      mostInRing = 0;
    }
    return taken;
  }

  private Pending last() {
    return ring[(head + count - 1) & (ring.length - 1)];
  }

  private void grow() {
    Pending[] grown = new Pending[ring.length * 2];
    for (int i = 0; i < count; i++) {
      grown[i] = ring[(head + i) & (ring.length - 1)];
    }
    ring = grown;
    head = 0;
  }
}
