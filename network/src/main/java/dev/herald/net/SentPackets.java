package dev.herald.net;

/**
 * What went into each recently sent packet, so an acknowledgement of the packet can
 * acknowledge its messages and yield a round-trip sample. A fixed ring: a packet that falls
 * out of it unacknowledged simply has its messages resent on timeout.
 */
final class SentPackets {

  private static final int SIZE = 1024;
  private static final int MASK = SIZE - 1;

  private final int[] sequences = new int[SIZE];
  private final boolean[] live = new boolean[SIZE];
  private final long[] sentAtNanos = new long[SIZE];
  private final OutgoingMessage[][] contents = new OutgoingMessage[SIZE][];

  void record(int packetSequence, long nowNanos, OutgoingMessage[] messages) {
    int slot = packetSequence & MASK;
    sequences[slot] = packetSequence;
    live[slot] = true;
    sentAtNanos[slot] = nowNanos;
    contents[slot] = messages;
  }

  /**
   * Takes the contents of {@code packetSequence} if it is recorded and not yet acknowledged;
   * returns null otherwise.
   */
  OutgoingMessage[] acknowledge(int packetSequence) {
    int slot = packetSequence & MASK;
    if (!live[slot] || sequences[slot] != packetSequence) {
      return null;
    }
    live[slot] = false;
    OutgoingMessage[] messages = contents[slot];
    contents[slot] = null;
    return messages;
  }

  /** When {@code packetSequence} was sent; valid right after {@link #acknowledge} returned its contents. */
  long sentAtNanos(int packetSequence) {
    return sentAtNanos[packetSequence & MASK];
  }
}
