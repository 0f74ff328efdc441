package dev.herald.net;

/**
 * A sent message as the sender's mirror of the peer's graph sees it. It is known executed once it
 * is acknowledged (received) <em>and</em> every message it depends on is known executed: an
 * acknowledgement alone proves only arrival. It falls below the floor once it and every message
 * before it are known executed; only then is it left out of the dependency lists on the wire,
 * because only then can the receiver check that it executed (the packet's {@code unconfirmedFrom}
 * says so, see {@link PacketFormat}).
 *
 * <p>Below the floor, the object is reused for a later message, with its arrays: nothing is
 * allocated per message once the window's messages have grown to the traffic. So whoever keeps a
 * reference past that (the sent-packet ring, the resend queues) keeps the number too, and a
 * reference whose {@link #number} has changed names a message long gone.
 */
final class OutgoingMessage {

  private static final OutgoingMessage[] NONE = new OutgoingMessage[0];
  private static final int[] NO_NUMBERS = new int[0];

  int number;
  byte[] payload = new byte[0];
  int payloadLength;

  /** Numbers of the dependencies that were not below the floor when the message was sent. */
  int[] dependencies = NO_NUMBERS;

  int dependencyCount;
  int unexecutedDependencies;
  OutgoingMessage[] dependents = NONE;
  int dependentCount;

  boolean acknowledged;
  boolean knownExecuted;
  long firstSentNanos;
  long lastSentNanos;

  /** The packet that carried the newest copy. */
  int lastPacket;

  /**
   * Makes this object message {@code number}, with a copy of the payload, and no dependencies yet.
   */
  void reset(int number, byte[] source, int offset, int length) {
    this.number = number;
    if (payload.length < length) {
      payload = new byte[Math.max(length, 16)];
    }
    System.arraycopy(source, offset, payload, 0, length);
    payloadLength = length;
    dependencyCount = 0;
    unexecutedDependencies = 0;
    dependentCount = 0;
    acknowledged = false;
    knownExecuted = false;
    firstSentNanos = -1;
    lastSentNanos = 0;
  }

  /**
   * Adds a dependency not yet below the floor, counting it as unexecuted unless it is known
   * executed.
   */
  void addDependency(int dependencyNumber, boolean knownExecuted) {
    if (dependencyCount == dependencies.length) {
      int[] grown = new int[Math.max(2, dependencyCount * 2)];
      System.arraycopy(dependencies, 0, grown, 0, dependencyCount);
      dependencies = grown;
    }
    dependencies[dependencyCount++] = dependencyNumber;
    if (!knownExecuted) {
      unexecutedDependencies++;
    }
  }

  boolean wasSent() {
    return firstSentNanos >= 0;
  }

  void addDependent(OutgoingMessage dependent) {
    if (dependentCount == dependents.length) {
      OutgoingMessage[] grown = new OutgoingMessage[Math.max(2, dependentCount * 2)];
      System.arraycopy(dependents, 0, grown, 0, dependentCount);
      dependents = grown;
    }
    dependents[dependentCount++] = dependent;
  }

  /**
   * Copies the numbers of the dependencies not yet below {@code floor} into {@code into}; returns
   * how many. This list only shrinks as acknowledgements arrive.
   */
  int listedDependencies(int floor, int[] into) {
    int count = 0;
    for (int i = 0; i < dependencyCount; i++) {
      if (dependencies[i] - floor >= 0) {
        into[count++] = dependencies[i];
      }
    }
    return count;
  }

  /** Drops the references an executed message no longer needs, keeping its arrays for reuse. */
  void release() {
    for (int i = 0; i < dependentCount; i++) {
      dependents[i] = null;
    }
    dependentCount = 0;
  }
}
