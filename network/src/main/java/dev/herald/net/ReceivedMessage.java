package dev.herald.net;

/**
 * A node of the receiver's dependency graph: a message that arrived and waits for dependencies, or
 * a placeholder for one that has not arrived but is already waited on. Once its message has
 * executed the node is reused, with its arrays, for a later one.
 */
final class ReceivedMessage {

  private static final ReceivedMessage[] NO_WAITERS = new ReceivedMessage[0];
  private static final byte[] NO_BYTES = new byte[0];

  int number;
  boolean arrived;

  /** Arrived and counted against the caps until it executes. */
  boolean waiting;

  /** Which arrival this is, so an entry of the arrival queue made before a reuse is told apart. */
  long arrival;

  /** The payload is the first {@link #payloadLength} bytes. */
  byte[] payload = NO_BYTES;

  int payloadLength;
  long arrivedAtNanos;
  int unexecutedDependencies;
  ReceivedMessage[] waiters = NO_WAITERS;
  int waiterCount;

  /** Makes this node a placeholder for message {@code number}, keeping its arrays. */
  void reset(int number) {
    this.number = number;
    arrived = false;
    waiting = false;
    payloadLength = 0;
    unexecutedDependencies = 0;
    waiterCount = 0;
  }

  /** Keeps a copy of the {@code length} bytes of {@code data} from {@code offset}. */
  void keepPayload(byte[] data, int offset, int length) {
    if (payload.length < length) {
      payload = new byte[Math.max(length, 2 * payload.length)];
    }
    System.arraycopy(data, offset, payload, 0, length);
    payloadLength = length;
  }

  void addWaiter(ReceivedMessage waiter) {
    if (waiterCount == waiters.length) {
      ReceivedMessage[] grown = new ReceivedMessage[Math.max(2, waiterCount * 2)];
      System.arraycopy(waiters, 0, grown, 0, waiterCount);
      waiters = grown;
    }
    waiters[waiterCount++] = waiter;
  }

  /** Forgets the waiters, keeping the array. */
  void clearWaiters() {
    for (int i = 0; i < waiterCount; i++) {
      waiters[i] = null;
    }
    waiterCount = 0;
  }
}
