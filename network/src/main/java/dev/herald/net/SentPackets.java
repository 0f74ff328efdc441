package dev.herald.net;

/**
 * What went into each recently sent packet, so an acknowledgement of the packet can
 * acknowledge its messages and yield a round-trip sample, and so a packet can be declared
 * lost as RFC 9002 does: once a packet sent {@value #PACKET_THRESHOLD} later is acknowledged,
 * or once a later one is acknowledged and the loss delay has passed since it was sent.
 *
 * <p>A fixed ring; each slot keeps its array of messages from one packet to the next, so
 * recording a packet allocates nothing once the slots have grown to the packets' sizes. A
 * packet that falls out of the ring unacknowledged simply has its messages resent by the
 * probe timeout. Packet numbers are 32 bits and compared by signed difference.
 */
final class SentPackets {

  /** How many packets later one must be acknowledged for an earlier one to count as lost. */
  static final int PACKET_THRESHOLD = 3;

  private static final int SIZE = 1024;
  private static final int MASK = SIZE - 1;
  private static final OutgoingMessage[] EMPTY = new OutgoingMessage[0];
  private static final int[] NO_NUMBERS = new int[0];

  private final int[] sequences = new int[SIZE];
  /** Sent and neither acknowledged nor pushed out of the ring. */
  private final boolean[] live = new boolean[SIZE];
  /** Declared lost: its messages were queued to be resent, but a late acknowledgement still counts. */
  private final boolean[] declaredLost = new boolean[SIZE];
  private final long[] sentAtNanos = new long[SIZE];
  private final OutgoingMessage[][] contents = new OutgoingMessage[SIZE][];
  /** The numbers the messages had when sent: an object since reused for a later message is not acknowledged. */
  private final int[][] numbers = new int[SIZE][];
  private final int[] counts = new int[SIZE];

  private boolean anyAcknowledged;
  private int largestAcknowledged;
  /** No packet before this one is in flight: the first one loss detection looks at. */
  private int scanFrom;
  private long lossTimeNanos = Long.MAX_VALUE;

  SentPackets() {
    for (int i = 0; i < SIZE; i++) {
      contents[i] = EMPTY;
      numbers[i] = NO_NUMBERS;
    }
  }

  /** Records packet {@code packetSequence}, sent at {@code nowNanos} with the first {@code count} of {@code messages}. */
  void record(int packetSequence, long nowNanos, OutgoingMessage[] messages, int count) {
    int slot = packetSequence & MASK;
    sequences[slot] = packetSequence;
    live[slot] = true;
    declaredLost[slot] = false;
    sentAtNanos[slot] = nowNanos;
    OutgoingMessage[] kept = contents[slot];
    int[] keptNumbers = numbers[slot];
    if (kept.length < count) {
      kept = new OutgoingMessage[Math.max(count, 2 * kept.length)];
      keptNumbers = new int[kept.length];
      contents[slot] = kept;
      numbers[slot] = keptNumbers;
    }
    for (int i = 0; i < count; i++) {
      kept[i] = messages[i];
      keptNumbers[i] = messages[i].number;
    }
    counts[slot] = count;
    if (packetSequence - scanFrom >= SIZE) {
      scanFrom = packetSequence - SIZE + 1;
    }
  }

  /**
   * Marks {@code packetSequence} acknowledged if it is recorded and was not yet, and returns
   * how many messages it carried ({@link #message} reads them until the next call that
   * changes the ring); returns -1 if it is not recorded or was acknowledged before.
   */
  int acknowledge(int packetSequence) {
    int slot = packetSequence & MASK;
    if (!live[slot] || sequences[slot] != packetSequence) {
      return -1;
    }
    live[slot] = false;
    if (!anyAcknowledged || packetSequence - largestAcknowledged > 0) {
      anyAcknowledged = true;
      largestAcknowledged = packetSequence;
    }
    return counts[slot];
  }

  /**
   * Message {@code index} of packet {@code packetSequence}, just acknowledged or declared
   * lost; null if the message has fallen below the floor and its object serves another since.
   */
  OutgoingMessage message(int packetSequence, int index) {
    int slot = packetSequence & MASK;
    OutgoingMessage message = contents[slot][index];
    return message.number == numbers[slot][index] ? message : null;
  }

  /** When {@code packetSequence} was sent; valid right after {@link #acknowledge} returned its contents. */
  long sentAtNanos(int packetSequence) {
    return sentAtNanos[packetSequence & MASK];
  }

  /** When the next packet counts as lost by the time threshold if nothing is acknowledged meanwhile; {@link Long#MAX_VALUE} if none will. */
  long lossTimeNanos() {
    return lossTimeNanos;
  }

  /**
   * Declares lost every packet in flight that a packet {@value #PACKET_THRESHOLD} or more
   * later has overtaken, or that an acknowledged later one overtook at least
   * {@code lossDelayNanos} ago, and hands each to {@code lost}; notes when the next one would
   * count as lost by time.
   */
  void detectLosses(long nowNanos, long lossDelayNanos, Outbox lost) {
    lossTimeNanos = Long.MAX_VALUE;
    if (!anyAcknowledged) {
      return;
    }
    int sequence = scanFrom;
    while (sequence - largestAcknowledged < 0) {
      int slot = sequence & MASK;
      if (!live[slot] || sequences[slot] != sequence || declaredLost[slot]) {
        sequence++;
        continue;
      }
      long sentAt = sentAtNanos[slot];
      if (largestAcknowledged - sequence >= PACKET_THRESHOLD || nowNanos - sentAt >= lossDelayNanos) {
        declaredLost[slot] = true;
        lost.packetLost(sequence, counts[slot]);
        sequence++;
        continue;
      }
      lossTimeNanos = sentAt + lossDelayNanos;
      break;
    }
    scanFrom = sequence;
  }
}
