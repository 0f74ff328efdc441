package dev.herald.net;

/**
 * A node of the receiver's dependency graph: a message that arrived and waits for
 * dependencies, or a placeholder for one that has not arrived but is already waited on.
 */
final class ReceivedMessage {

  private static final ReceivedMessage[] NO_WAITERS = new ReceivedMessage[0];

  final int number;
  boolean arrived;
  /** Arrived and counted against the caps until it executes. */
  boolean waiting;
  byte[] payload;
  long arrivedAtNanos;
  int unexecutedDependencies;
  ReceivedMessage[] waiters = NO_WAITERS;
  int waiterCount;

  ReceivedMessage(int number) {
    this.number = number;
  }

  void addWaiter(ReceivedMessage waiter) {
    if (waiterCount == waiters.length) {
      ReceivedMessage[] grown = new ReceivedMessage[Math.max(2, waiterCount * 2)];
      System.arraycopy(waiters, 0, grown, 0, waiterCount);
      waiters = grown;
    }
    waiters[waiterCount++] = waiter;
  }
}
