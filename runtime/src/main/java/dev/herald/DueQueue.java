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
  private final Comparator<Pending> order;
  private final PriorityQueue<Pending> early;
  private Pending[] ring = new Pending[16];
  private int head;
  private int count;

  DueQueue(Comparator<Pending> order) {
    this.order = order;
    this.early = new PriorityQueue<>(order);
  }

  void add(Pending pending) {
    if (count > 0 && order.compare(pending, last()) < 0) {
      early.add(pending);
      return;
    }
    if (count == ring.length) {
      grow();
    }
    ring[(head + count) & (ring.length - 1)] = pending;
    count++;
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
    return outOfOrderDue ? early.poll() : null;
  }

  /** Takes the earliest waiting message, due or not, or returns null if none waits. */
  Pending poll() {
    Pending inOrder = count > 0 ? ring[head] : null;
    Pending outOfOrder = early.peek();
    if (inOrder != null && (outOfOrder == null || order.compare(inOrder, outOfOrder) < 0)) {
      return takeHead();
    }
    return early.poll();
  }

  private Pending takeHead() {
    Pending taken = ring[head];
    ring[head] = null;
    head = (head + 1) & (ring.length - 1);
    count--;
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
