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
 * <p>A binary min-heap; each peer knows its place in it ({@link Peer#timerIndex}), so moving or
 * removing one costs O(log n) and looking at the earliest O(1). The deadlines sit in an array of
 * their own beside the peers, so that moving a peer through the heap compares numbers next to each
 * other in memory rather than reading a field of each peer on the way. Deadlines are compared by
 * their difference, as {@link System#nanoTime()} values must be. Not thread-safe: the node uses it
 * under its lock.
 */
final class PeerTimers {

  private Peer[] peers = new Peer[16];
  private long[] deadlines = new long[16];
  private int size;

  /** How many peers have a deadline. */
  int size() {
    return size;
  }

  /**
   * The peer whose deadline is the earliest if it is at or before {@code now}; null if none is due.
   */
  Peer due(long now) {
    return size > 0 && deadlines[0] - now <= 0 ? peers[0] : null;
  }

  /** {@code peer}'s deadline; only for a peer that has one. */
  long deadlineOf(Peer peer) {
    return deadlines[peer.timerIndex];
  }

  /** Sets {@code peer}'s deadline to {@code deadlineNanos}, adding it if it has none. */
  void schedule(Peer peer, long deadlineNanos) {
    int index = peer.timerIndex;
    if (index < 0) {
      if (size == peers.length) {
        peers = Arrays.copyOf(peers, 2 * size);
        deadlines = Arrays.copyOf(deadlines, 2 * size);
      }
      siftUp(size++, peer, deadlineNanos);
      return;
    }
    long before = deadlines[index];
    if (deadlineNanos - before < 0) {
      siftUp(index, peer, deadlineNanos);
    } else if (deadlineNanos != before) {
      siftDown(index, peer, deadlineNanos);
    }
  }

  /** Removes {@code peer}'s deadline, if it has one: it is gone. */
  void remove(Peer peer) {
    int index = peer.timerIndex;
    if (index < 0) {
      return;
    }
    peer.timerIndex = -1;
    int last = --size;
    Peer moved = peers[last];
    long deadline = deadlines[last];
    peers[last] = null;
    if (index == last) {
      return;
    }
    // The last entry fills the hole, then finds its place: up if it is earlier than the hole's
    // parent, else down.
    if (index > 0 && deadline - deadlines[(index - 1) >>> 1] < 0) {
      siftUp(index, moved, deadline);
    } else {
      siftDown(index, moved, deadline);
    }
  }

  /** Places {@code peer} with {@code deadline} at {@code index} or above, where it belongs. */
  private void siftUp(int index, Peer peer, long deadline) {
    while (index > 0) {
      int parent = (index - 1) >>> 1;
      if (deadlines[parent] - deadline <= 0) {
        break;
      }
      place(index, peers[parent], deadlines[parent]);
      index = parent;
    }
    place(index, peer, deadline);
  }

  /** Places {@code peer} with {@code deadline} at {@code index} or below, where it belongs. */
  private void siftDown(int index, Peer peer, long deadline) {
    int half = size >>> 1;
    while (index < half) {
      int child = 2 * index + 1;
      int right = child + 1;
      if (right < size && deadlines[right] - deadlines[child] < 0) {
        child = right;
      }
      if (deadline - deadlines[child] <= 0) {
        break;
      }
      place(index, peers[child], deadlines[child]);
      index = child;
    }
    place(index, peer, deadline);
  }

  private void place(int index, Peer peer, long deadline) {
    peers[index] = peer;
    deadlines[index] = deadline;
    peer.timerIndex = index;
  }
}
