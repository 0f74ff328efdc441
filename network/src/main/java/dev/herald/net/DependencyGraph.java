package dev.herald.net;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The receiver's dependency graph: executes each message exactly once, after every message it
 * depends on.
 *
 * <p>Messages are known by 32-bit numbers (the connection reads them from the wire's 15-bit
 * sequences, see {@link PacketFormat}), compared by signed difference. State is kept for the {@code
 * window} numbers starting at the <em>floor</em>, the oldest number not yet executed; everything
 * before the floor has executed, so a message before it is a duplicate however late it comes. A
 * number in the window is empty, waiting (arrived, or a placeholder someone waits on) or executed.
 * The connection offers only numbers less than a window past the floor: a sender never has messages
 * outstanding further than a window past the oldest one it does not know executed, and the
 * connection checks that this is never after the floor.
 *
 * <p>Execution runs from an explicit work stack, so a long chain arriving in reverse order costs
 * linear time and no call depth. Memory is bounded: at most {@code window} nodes, and at most the
 * configured payload bytes in waiting messages.
 */
final class DependencyGraph {

  /** What became of an offered message. */
  enum Outcome {
    /** Executed now, or stored until its dependencies have executed. */
    ACCEPTED,
    /** Already executed or already waiting. */
    DUPLICATE,
    /** Would exceed the memory caps; dropped, so it must not be acknowledged. */
    REFUSED
  }

  private final int window;
  private final int mask;
  private final long maxPendingBytes;
  private final MessageReceiver listener;

  private final ReceivedMessage[] nodes;
  private final boolean[] executed;
  private final ArrayDeque<ReceivedMessage> ready = new ArrayDeque<>();
  private final ArrivalQueue waitingByArrival = new ArrivalQueue();

  /** Nodes whose messages have executed, to be reused. */
  private final ArrayDeque<ReceivedMessage> free = new ArrayDeque<>();

  private long arrivals;

  private int floor;
  private int nodeCount;
  private int waitingCount;
  private long waitingBytes;

  /**
   * @param window how many message numbers from the floor are accepted (2..16,384)
   * @param maxPendingBytes the most payload bytes held in messages waiting for dependencies
   */
  DependencyGraph(int window, long maxPendingBytes, MessageReceiver listener) {
    if (window < 2 || window > SequenceNumbers.HALF_RANGE) {
      throw new IllegalArgumentException(
          "window must be within 2.." + SequenceNumbers.HALF_RANGE + ", was " + window);
    }
    this.window = window;
    int size = Integer.highestOneBit(window - 1) << 1;
    this.mask = size - 1;
    this.maxPendingBytes = maxPendingBytes;
    this.listener = listener;
    this.nodes = new ReceivedMessage[size];
    this.executed = new boolean[size];
  }

  /**
   * Offers message {@code number}, whose dependencies the decoder has validated (each older than
   * the message and less than the window behind it, no repeats).
   *
   * @throws IllegalArgumentException if {@code number} lies a window or more past the floor
   * @throws RuntimeException the first exception a listener threw, after every message that could
   *     run has run
   */
  Outcome offer(
      int number,
      int[] dependencies,
      int dependencyCount,
      byte[] data,
      int offset,
      int length,
      long nowNanos) {
    int ahead = number - floor;
    if (ahead < 0) {
      return Outcome.DUPLICATE;
    }
    if (ahead >= window) {
      throw new IllegalArgumentException(
          "message "
              + Integer.toUnsignedString(number)
              + " lies "
              + ahead
              + " past the oldest message not executed, with a window of "
              + window);
    }
    int slot = number & mask;
    ReceivedMessage node = nodes[slot];
    if (executed[slot] || (node != null && node.arrived)) {
      return Outcome.DUPLICATE;
    }
    int unexecuted = 0;
    for (int i = 0; i < dependencyCount; i++) {
      if (!isExecuted(dependencies[i])) {
        unexecuted++;
      }
    }
    if (unexecuted == 0) {
      // Ready at once: executed straight from the packet, with no node and no copy unless
      // others wait on it.
      executeFrom(number, node, data, offset, length);
      return Outcome.ACCEPTED;
    }
    if (waitingBytes + length > maxPendingBytes) {
      return Outcome.REFUSED;
    }
    if (node == null) {
      node = newNode(number);
      nodes[slot] = node;
      nodeCount++;
    }
    node.arrived = true;
    node.keepPayload(data, offset, length);
    node.arrival = ++arrivals;
    node.arrivedAtNanos = nowNanos;
    node.unexecutedDependencies = unexecuted;
    node.waiting = true;
    for (int i = 0; i < dependencyCount; i++) {
      int dependency = dependencies[i];
      if (!isExecuted(dependency)) {
        placeholderFor(dependency).addWaiter(node);
      }
    }
    waitingCount++;
    waitingBytes += length;
    waitingByArrival.addLast(node);
    return Outcome.ACCEPTED;
  }

  /**
   * Offers message {@code number} with the whole of {@code payload}; see {@link #offer(int, int[],
   * int, byte[], int, int, long)}.
   */
  Outcome offer(
      int number, int[] dependencies, int dependencyCount, byte[] payload, long nowNanos) {
    return offer(number, dependencies, dependencyCount, payload, 0, payload.length, nowNanos);
  }

  /** Returns whether {@code number}, which lies before a message in the window, has executed. */
  private boolean isExecuted(int number) {
    return number - floor < 0 || executed[number & mask];
  }

  private ReceivedMessage placeholderFor(int number) {
    int slot = number & mask;
    ReceivedMessage node = nodes[slot];
    if (node == null) {
      node = newNode(number);
      nodes[slot] = node;
      nodeCount++;
    }
    return node;
  }

  private ReceivedMessage newNode(int number) {
    ReceivedMessage node = free.isEmpty() ? new ReceivedMessage() : free.pop();
    node.reset(number);
    return node;
  }

  /**
   * Executes message {@code number}, ready now, from {@code length} bytes of {@code data}; {@code
   * placeholder} is its node if others wait on it, else null. Then executes every waiting message
   * that this makes ready.
   */
  private void executeFrom(
      int number, ReceivedMessage placeholder, byte[] data, int offset, int length) {
    RuntimeException failure = null;
    int slot = number & mask;
    executed[slot] = true;
    if (placeholder != null) {
      nodes[slot] = null;
      nodeCount--;
      releaseWaiters(placeholder);
    }
    try {
      listener.onMessage(number & SequenceNumbers.MASK, data, offset, length);
    } catch (RuntimeException e) {
      failure = e;
    }
    if (placeholder != null) {
      free.push(placeholder);
    }
    while (!ready.isEmpty()) {
      ReceivedMessage node = ready.pop();
      slot = node.number & mask;
      nodes[slot] = null;
      nodeCount--;
      executed[slot] = true;
      if (node.waiting) {
        node.waiting = false;
        waitingCount--;
        waitingBytes -= node.payloadLength;
      }
      releaseWaiters(node);
      try {
        listener.onMessage(node.number & SequenceNumbers.MASK, node.payload, 0, node.payloadLength);
      } catch (RuntimeException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
      free.push(node);
    }
    advanceFloor();
    forgetExecutedArrivals();
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Pushes every waiter of {@code node} that has no other unexecuted dependency onto the ready
   * stack.
   */
  private void releaseWaiters(ReceivedMessage node) {
    for (int i = 0; i < node.waiterCount; i++) {
      ReceivedMessage waiter = node.waiters[i];
      if (--waiter.unexecutedDependencies == 0) {
        ready.push(waiter);
      }
    }
    node.clearWaiters();
  }

  /**
   * Drops executed messages from the arrival queue, here and not only when the connection checks
   * for expired waits: a caller that updates rarely would otherwise let the queue grow with every
   * message that ever waited. Executed entries behind one that still waits are swept once they
   * outnumber the window, so the queue stays within twice the window.
   */
  private void forgetExecutedArrivals() {
    while (!waitingByArrival.isEmpty() && !waitingByArrival.firstIsWaiting()) {
      waitingByArrival.removeFirst();
    }
    if (waitingByArrival.size() > 2 * window) {
      waitingByArrival.removeNotWaiting();
    }
  }

  /**
   * Returns whether a message has waited for its dependencies for at least {@code lifetimeNanos},
   * dropping executed entries from the front of the arrival queue.
   */
  boolean hasExpired(long nowNanos, long lifetimeNanos) {
    forgetExecutedArrivals();
    return !waitingByArrival.isEmpty()
        && nowNanos - waitingByArrival.first().arrivedAtNanos >= lifetimeNanos;
  }

  /**
   * The earlier of {@code deadline} and the time {@link #hasExpired} will first be true for {@code
   * lifetimeNanos}; drops executed entries from the front of the arrival queue, as it does.
   */
  long expiryDeadline(long deadline, long lifetimeNanos) {
    forgetExecutedArrivals();
    return waitingByArrival.isEmpty()
        ? deadline
        : Deadlines.earlier(deadline, waitingByArrival.first().arrivedAtNanos + lifetimeNanos);
  }

  /** Forgets every waiting message without executing it: the connection has failed. */
  void discardAll() {
    Arrays.fill(nodes, null);
    waitingByArrival.clear();
    ready.clear();
    nodeCount = 0;
    waitingCount = 0;
    waitingBytes = 0;
  }

  /** Messages arrived and waiting for dependencies. */
  int waitingCount() {
    return waitingCount;
  }

  /** Payload bytes held by waiting messages. */
  long waitingBytes() {
    return waitingBytes;
  }

  /** Entries of the arrival queue (by which waits expire): at most twice the window. */
  int trackedArrivals() {
    return waitingByArrival.size();
  }

  /** Nodes held: waiting messages plus placeholders for awaited ones. */
  int nodeCount() {
    return nodeCount;
  }

  /** The oldest message number not yet executed. */
  int floor() {
    return floor;
  }

  private void advanceFloor() {
    while (executed[floor & mask]) {
      executed[floor & mask] = false;
      floor++;
    }
  }
}
