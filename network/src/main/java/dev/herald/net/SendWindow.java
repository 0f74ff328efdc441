package dev.herald.net;

import java.util.ArrayDeque;

/**
 * The sender's mirror of the peer's dependency graph, over the window of messages from the
 * <em>floor</em> (the oldest message not known executed) to the newest sent.
 *
 * <p>It evaluates the mirror exactly as the receiver evaluates its graph, but from
 * acknowledgements: a message becomes known executed when it is acknowledged and all its
 * dependencies are known executed. Since a message executes at the receiver only under the same
 * condition, the mirror never runs ahead of the receiver. Propagation uses a work stack, never
 * recursion. Message numbers are 32 bits and compared by signed difference. A message that falls
 * below the floor is kept for reuse by a later one.
 */
final class SendWindow {

  private final int window;
  private final int mask;
  private final OutgoingMessage[] messages;
  private final ArrayDeque<OutgoingMessage> work = new ArrayDeque<>();

  /** Messages fallen below the floor, to be reused. */
  private final ArrayDeque<OutgoingMessage> free = new ArrayDeque<>();

  private int floor;
  private int next;

  SendWindow(int window) {
    this.window = window;
    int size = Integer.highestOneBit(window - 1) << 1;
    this.mask = size - 1;
    this.messages = new OutgoingMessage[size];
  }

  /** Returns whether a new message would take the window past its limit. */
  boolean isFull() {
    return outstanding() >= window;
  }

  /** Message numbers from the oldest message not known executed to the next one to be sent. */
  int outstanding() {
    return next - floor;
  }

  /** The oldest message number not known executed: the peer has executed every one before it. */
  int floor() {
    return floor;
  }

  /** The number the next message will get. */
  int next() {
    return next;
  }

  /** The oldest message not known executed, or null when every sent message is. */
  OutgoingMessage oldestUnexecuted() {
    return floor == next ? null : messages[floor & mask];
  }

  /** Whether message {@code number}, already sent, is known executed. */
  boolean isKnownExecuted(int number) {
    return number - floor < 0 || messages[number & mask].knownExecuted;
  }

  /**
   * Adds a message with the next number, a copy of the payload, depending on the {@code
   * dependencyCount} messages numbered in {@code dependencies} (none below the floor); the caller
   * checked {@link #isFull()}.
   */
  OutgoingMessage add(
      byte[] payload, int offset, int length, int[] dependencies, int dependencyCount) {
    OutgoingMessage message = free.isEmpty() ? new OutgoingMessage() : free.pop();
    message.reset(next, payload, offset, length);
    for (int i = 0; i < dependencyCount; i++) {
      OutgoingMessage dependency = messages[dependencies[i] & mask];
      message.addDependency(dependency.number, dependency.knownExecuted);
      if (!dependency.knownExecuted) {
        dependency.addDependent(message);
      }
    }
    messages[next & mask] = message;
    next++;
    return message;
  }

  /** Records that the peer has executed every message before {@code executedBefore}. */
  void acknowledgeBefore(int executedBefore) {
    // The floor message's dependencies all lie before it and are known executed, so
    // acknowledging it makes it known executed and moves the floor on.
    while (floor != next && floor - executedBefore < 0) {
      acknowledge(messages[floor & mask]);
    }
  }

  /** Records that {@code message} arrived, and marks whatever that proves executed. */
  void acknowledge(OutgoingMessage message) {
    if (message.acknowledged) {
      return;
    }
    message.acknowledged = true;
    if (message.unexecutedDependencies == 0) {
      work.push(message);
    }
    while (!work.isEmpty()) {
      OutgoingMessage executed = work.pop();
      executed.knownExecuted = true;
      for (int i = 0; i < executed.dependentCount; i++) {
        OutgoingMessage dependent = executed.dependents[i];
        if (--dependent.unexecutedDependencies == 0 && dependent.acknowledged) {
          work.push(dependent);
        }
      }
      executed.release();
    }
    while (floor != next && messages[floor & mask].knownExecuted) {
      free.push(messages[floor & mask]);
      messages[floor & mask] = null;
      floor++;
    }
  }
}
