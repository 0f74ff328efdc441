package dev.herald.net;

/**
 * A sent message as the sender's mirror of the peer's graph sees it. It is known executed
 * once it is acknowledged (received) <em>and</em> every message it depends on is known
 * executed: an acknowledgement alone proves only arrival. It falls below the floor once it
 * and every message before it are known executed; only then is it left out of the dependency
 * lists on the wire, because only then can the receiver check that it executed (the packet's
 * {@code unconfirmedFrom} says so, see {@link PacketFormat}).
 */
final class OutgoingMessage {

  private static final OutgoingMessage[] NONE = new OutgoingMessage[0];

  final Connection owner;
  final int number;
  byte[] payload;
  /** Dependencies that were not below the floor when the message was sent. */
  OutgoingMessage[] dependencies;
  int unexecutedDependencies;
  OutgoingMessage[] dependents = NONE;
  int dependentCount;

  boolean acknowledged;
  boolean knownExecuted;
  boolean belowFloor;
  long firstSentNanos = -1;
  long lastSentNanos;
  /** The packet that carried the newest copy. */
  int lastPacket;

  OutgoingMessage(Connection owner, int number, byte[] payload, OutgoingMessage[] dependencies) {
    this.owner = owner;
    this.number = number;
    this.payload = payload;
    this.dependencies = dependencies;
    for (OutgoingMessage dependency : dependencies) {
      if (!dependency.knownExecuted) {
        unexecutedDependencies++;
      }
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
   * Copies the numbers of the dependencies not yet below the floor into {@code into}; returns
   * how many. This list only shrinks as acknowledgements arrive.
   */
  int listedDependencies(int[] into) {
    int count = 0;
    for (OutgoingMessage dependency : dependencies) {
      if (!dependency.belowFloor) {
        into[count++] = dependency.number;
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
