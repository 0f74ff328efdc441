package dev.herald.net.udp;

import java.util.Arrays;

/**
 * The connected peers ordered by their next deadline: the earliest time something may be due for
 * the peer without a packet arriving or a message being sent to it (a resend, a keep-alive, a
 * timeout, the bandwidth budget letting a waiting packet go, a summary of unreadable messages to
 * log). An update asks only for the peers whose deadline has come, so peers with nothing due cost
 * nothing however many there are; a peer's deadline is set again each time the node has worked on
 * it.
 *
 * <p>A binary min-heap of peers; each peer knows its place in it ({@link Peer#timerIndex}), so
 * moving or removing one costs O(log n) and looking at the earliest O(1). Deadlines are compared by
 * their difference, as {@link System#nanoTime()} values must be. Not thread-safe: the node uses it
 * under its lock.
 */
final class PeerTimers {

  private Peer[] heap = new Peer[16];
  private int size;

  /** How many peers have a deadline. */
  int size() {
    return size;
  }

  /**
   * The peer whose deadline is the earliest if it is at or before {@code now}; null if none is due.
   */
  Peer due(long now) {
    return size > 0 && heap[0].deadlineNanos - now <= 0 ? heap[0] : null;
  }

  /** Sets {@code peer}'s deadline to {@code deadlineNanos}, adding it if it has none. */
  void schedule(Peer peer, long deadlineNanos) {
    int index = peer.timerIndex;
    if (index < 0) {
      if (size == heap.length) {
        heap = Arrays.copyOf(heap, 2 * heap.length);
      }
      peer.deadlineNanos = deadlineNanos;
      place(peer, size++);
      siftUp(peer.timerIndex);
      return;
    }
    long before = peer.deadlineNanos;
    peer.deadlineNanos = deadlineNanos;
    if (deadlineNanos - before < 0) {
      siftUp(index);
    } else if (deadlineNanos != before) {
      siftDown(index);
    }
  }

  /** Removes {@code peer}'s deadline, if it has one: it is gone. */
  void remove(Peer peer) {
    int index = peer.timerIndex;
    if (index < 0) {
      return;
    }
    peer.timerIndex = -1;
    Peer last = heap[--size];
    heap[size] = null;
    if (index == size) {
      return;
    }
    place(last, index);
    siftUp(index);
    siftDown(last.timerIndex);
  }

  private void siftUp(int index) {
    Peer peer = heap[index];
    while (index > 0) {
      int parent = (index - 1) >>> 1;
      if (heap[parent].deadlineNanos - peer.deadlineNanos <= 0) {
        break;
      }
      place(heap[parent], index);
      index = parent;
    }
    place(peer, index);
  }

  private void siftDown(int index) {
    Peer peer = heap[index];
    int half = size >>> 1;
    while (index < half) {
      int child = 2 * index + 1;
      int right = child + 1;
      if (right < size && heap[right].deadlineNanos - heap[child].deadlineNanos < 0) {
        child = right;
      }
      if (peer.deadlineNanos - heap[child].deadlineNanos <= 0) {
        break;
      }
      place(heap[child], index);
      index = child;
    }
    place(peer, index);
  }

  private void place(Peer peer, int index) {
    heap[index] = peer;
    peer.timerIndex = index;
  }
}
