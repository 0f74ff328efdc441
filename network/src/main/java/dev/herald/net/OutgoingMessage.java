package dev.herald.net;

/**
 * A sent message as the sender's mirror of the peer's graph sees it. It is known executed
 * once it is acknowledged (received) <em>and</em> every message it depends on is known
 * executed: an acknowledgement alone proves only arrival.
 */
final class OutgoingMessage {

  private static final OutgoingMessage[] NONE = new OutgoingMessage[0];

  final Connection owner;
  final int sequence;
  byte[] payload;
  /** Dependencies that were not known executed when the message was sent. */
  OutgoingMessage[] dependencies;
  int unexecutedDependencies;
  OutgoingMessage[] dependents = NONE;
  int dependentCount;

  boolean acknowledged;
  boolean knownExecuted;
  boolean queuedForRetransmit;
  long firstSentNanos = -1;
  long lastSentNanos;

  OutgoingMessage(Connection owner, int sequence, byte[] payload, OutgoingMessage[] dependencies) {
    this.owner = owner;
    this.sequence = sequence;
    this.payload = payload;
    this.dependencies = dependencies;
    this.unexecutedDependencies = dependencies.length;
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
   * Copies the sequence numbers of the dependencies not yet known executed into
   * {@code into}; returns how many. This list only shrinks as acknowledgements arrive.
   */
  int liveDependencies(int[] into) {
    int count = 0;
    for (OutgoingMessage dependency : dependencies) {
      if (!dependency.knownExecuted) {
        into[count++] = dependency.sequence;
      }
    }
    return count;
  }

  /** Drops what an executed message no longer needs, for handles the user keeps. */
  void release() {
    payload = null;
    dependencies = NONE;
    dependents = NONE;
    dependentCount = 0;
  }
}
