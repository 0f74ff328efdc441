package dev.herald.net;

/**
 * What went into each recently sent packet, so an acknowledgement of the packet can acknowledge its
 * messages and yield a round-trip sample, and so a packet can be declared lost as RFC 9002 does:
 * once a packet sent {@value #PACKET_THRESHOLD} later is acknowledged, or once a later one is
 * acknowledged and the loss delay has passed since it was sent.
 *
 * <p>Fixed rings, allocated once: one of packets, and one of the messages they carried, with the
 * number each had when sent, {@value #ENTRIES_PER_WINDOW} windows long. A packet that falls out of
 * the packet ring unacknowledged, or whose messages were overwritten in the message ring by later
 * sends, simply has its messages resent by the probe timeout. Packet numbers are 32 bits and
 * compared by signed difference.
 */
final class SentPackets {

  /** How many packets later one must be acknowledged for an earlier one to count as lost. */
  static final int PACKET_THRESHOLD = 3;

  private static final int SIZE = 1024;
  private static final int MASK = SIZE - 1;

  private final int[] sequences = new int[SIZE];

  /** Sent and neither acknowledged nor pushed out of the ring. */
  private final boolean[] live = new boolean[SIZE];

  /**
   * Declared lost: its messages were queued to be resent, but a late acknowledgement still counts.
   */
  private final boolean[] declaredLost = new boolean[SIZE];

  private final long[] sentAtNanos = new long[SIZE];

  /** Where each packet's messages start in the message ring, counted since the first. */
  private final long[] firstEntry = new long[SIZE];

  private final int[] counts = new int[SIZE];

  /**
   * Message ring entries per window of messages: room for every message in flight and three copies
   * of each.
   */
  static final int ENTRIES_PER_WINDOW = 4;

  private final OutgoingMessage[] entries;

  /**
   * The numbers the messages had when sent: an object since reused for a later message is not
   * acknowledged.
   */
  private final int[] entryNumbers;

  private final int entryMask;
  private long nextEntry;

  private boolean anyAcknowledged;
  private int largestAcknowledged;

  /** No packet before this one is in flight: the first one loss detection looks at. */
  private int scanFrom;

  private long lossTimeNanos = Long.MAX_VALUE;

  SentPackets(int window) {
    int size = Integer.highestOneBit(ENTRIES_PER_WINDOW * window - 1) << 1;
    entries = new OutgoingMessage[size];
    entryNumbers = new int[size];
    entryMask = size - 1;
  }

  /**
   * Records packet {@code packetSequence}, sent at {@code nowNanos} with the first {@code count} of
   * {@code messages}.
   */
  void record(int packetSequence, long nowNanos, OutgoingMessage[] messages, int count) {
    int slot = packetSequence & MASK;
    sequences[slot] = packetSequence;
    live[slot] = true;
    declaredLost[slot] = false;
    sentAtNanos[slot] = nowNanos;
    firstEntry[slot] = nextEntry;
    for (int i = 0; i < count; i++) {
      int entry = (int) (nextEntry++ & entryMask);
      entries[entry] = messages[i];
      entryNumbers[entry] = messages[i].number;
    }
    counts[slot] = count;
    if (packetSequence - scanFrom >= SIZE) {
      scanFrom = packetSequence - SIZE + 1;
    }
  }

  /**
   * Marks {@code packetSequence} acknowledged if it is recorded and was not yet, and returns how
   * many messages it carried ({@link #message} reads them until the next call that changes the
   * ring); returns -1 if it is not recorded or was acknowledged before.
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
    return recordedCount(slot);
  }

  /**
   * How many of the slot's messages are still in the message ring: all, or none if later sends
   * overwrote them.
   */
  private int recordedCount(int slot) {
    return nextEntry - firstEntry[slot] > entries.length ? 0 : counts[slot];
  }

  /**
   * Message {@code index} of packet {@code packetSequence}, just acknowledged or declared lost;
   * null if the message has fallen below the floor and its object serves another since.
   */
  OutgoingMessage message(int packetSequence, int index) {
    int entry = (int) ((firstEntry[packetSequence & MASK] + index) & entryMask);
    OutgoingMessage message = entries[entry];
    return message.number == entryNumbers[entry] ? message : null;
  }

  /**
   * When {@code packetSequence} was sent; valid right after {@link #acknowledge} returned its
   * contents.
   */
  long sentAtNanos(int packetSequence) {
    return sentAtNanos[packetSequence & MASK];
  }

  /**
   * When the next packet counts as lost by the time threshold if nothing is acknowledged meanwhile;
   * {@link Long#MAX_VALUE} if none will.
   */
  long lossTimeNanos() {
    return lossTimeNanos;
  }

  /**
   * Declares lost every packet in flight that a packet {@value #PACKET_THRESHOLD} or more later has
   * overtaken, or that an acknowledged later one overtook at least {@code lossDelayNanos} ago, and
   * hands each to {@code lost}; notes when the next one would count as lost by time.
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
      if (largestAcknowledged - sequence >= PACKET_THRESHOLD
          || nowNanos - sentAt >= lossDelayNanos) {
        declaredLost[slot] = true;
        lost.packetLost(sequence, recordedCount(slot));
        sequence++;
        continue;
      }
      lossTimeNanos = sentAt + lossDelayNanos;
      break;
    }
    scanFrom = sequence;
  }
}
