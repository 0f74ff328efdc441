package dev.herald.net;

/**
 * The receiver's waiting messages in order of arrival, by which waits time out. Each entry keeps
 * the node's arrival number, so an entry whose node has executed since, and perhaps been reused for
 * a later message, is told apart and skipped. A ring that doubles when full: no allocation once it
 * has grown to the traffic.
 */
final class ArrivalQueue {

  private ReceivedMessage[] nodes = new ReceivedMessage[16];
  private long[] arrivals = new long[16];
  private int head;
  private int size;

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void addLast(ReceivedMessage node) {
    if (size == nodes.length) {
      resize(nodes.length * 2);
    }
    int at = (head + size) & (nodes.length - 1);
    nodes[at] = node;
    arrivals[at] = node.arrival;
    size++;
  }

  /** The node of the first entry; check {@link #firstIsWaiting()} first. */
  ReceivedMessage first() {
    return nodes[head];
  }

  /** Whether the first entry's message still waits. */
  boolean firstIsWaiting() {
    return isWaiting(head);
  }

  void removeFirst() {
    nodes[head] = null;
    head = (head + 1) & (nodes.length - 1);
    size--;
  }

  /** Drops every entry whose message no longer waits, keeping the order of the rest. */
  void removeNotWaiting() {
    int kept = 0;
    int mask = nodes.length - 1;
    for (int i = 0; i < size; i++) {
      int from = (head + i) & mask;
      if (isWaiting(from)) {
        int to = (head + kept) & mask;
        nodes[to] = nodes[from];
        arrivals[to] = arrivals[from];
        kept++;
      }
    }
    for (int i = kept; i < size; i++) {
      nodes[(head + i) & mask] = null;
    }
    size = kept;
  }

  void clear() {
    while (size > 0) {
      removeFirst();
    }
  }

  private boolean isWaiting(int index) {
    ReceivedMessage node = nodes[index];
    return node.waiting && node.arrival == arrivals[index];
  }

  private void resize(int capacity) {
    ReceivedMessage[] grownNodes = new ReceivedMessage[capacity];
    long[] grownArrivals = new long[capacity];
    for (int i = 0; i < size; i++) {
      int from = (head + i) & (nodes.length - 1);
      grownNodes[i] = nodes[from];
      grownArrivals[i] = arrivals[from];
    }
    nodes = grownNodes;
    arrivals = grownArrivals;
    head = 0;
  }
}
