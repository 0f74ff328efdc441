package dev.herald.net;

/**
 * Which of the peer's packets arrived: the newest, plus a bit for each of the {@value #HISTORY}
 * before it. The low {@value PacketFormat#ACK_BITS} bits are what acknowledgements carry; all of
 * them recognise a copy of a packet already read. A packet older than the history is late: it is
 * still read (its messages are recognised as duplicates by their numbers, or kept), but cannot be
 * recorded or acknowledged on its own. Packet numbers are 32 bits and compared by signed
 * difference, so they do not wrap in practice.
 */
final class ReceivedPackets {

  /** How many packets before the newest one are remembered. */
  static final int HISTORY = 64;

  /** A packet may jump at most this far ahead of the newest one seen. */
  static final int MAX_JUMP = 1 << 16;

  enum Verdict {
    NEW,
    DUPLICATE,
    LATE
  }

  private boolean any;
  private int newest = -1;
  private long earlier;

  Verdict classify(int packetSequence) throws ProtocolException {
    int ahead = packetSequence - newest;
    if (ahead > MAX_JUMP) {
      throw new ProtocolException(
          ProtocolError.PACKET_SEQUENCE_JUMP,
          "packet "
              + Integer.toUnsignedString(packetSequence)
              + " is "
              + ahead
              + " ahead of the newest received");
    }
    if (!any || ahead > 0) {
      return Verdict.NEW;
    }
    if (ahead == 0) {
      return Verdict.DUPLICATE;
    }
    if (ahead < -HISTORY) {
      return Verdict.LATE;
    }
    return (earlier & (1L << (-ahead - 1))) != 0 ? Verdict.DUPLICATE : Verdict.NEW;
  }

  /** Records a packet that {@link #classify} called new and that was read in full. */
  void record(int packetSequence) {
    int ahead = packetSequence - newest;
    if (!any || ahead > 0) {
      earlier =
          !any || ahead > HISTORY
              ? 0
              : ahead == HISTORY ? 1L << 63 : (earlier << ahead) | (1L << (ahead - 1));
      newest = packetSequence;
      any = true;
    } else {
      earlier |= 1L << (-ahead - 1);
    }
  }

  boolean any() {
    return any;
  }

  int newest() {
    return newest;
  }

  /** The acknowledgement bitfield: bit i set when packet {@code newest - 1 - i} arrived. */
  int ackBits() {
    return (int) earlier;
  }
}
