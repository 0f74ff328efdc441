package dev.herald.net;

/**
 * Which of the peer's packets arrived: the newest, plus a bit for each of the
 * {@link ConnectionConfig#PACKET_HISTORY} before it. That is both what acknowledgements carry
 * and the replay filter: a packet older than the history is stale and is not read.
 * Packet numbers are 32 bits and compared by signed difference, so they do not wrap in
 * practice.
 */
final class ReceivedPackets {

  /** A packet may jump at most this far ahead of the newest one seen. */
  static final int MAX_JUMP = 1 << 16;

  enum Verdict { NEW, DUPLICATE, STALE }

  private boolean any;
  private int newest = -1;
  private long earlier;

  Verdict classify(int packetSequence) throws ProtocolException {
    int ahead = packetSequence - newest;
    if (ahead > MAX_JUMP) {
      throw new ProtocolException(ProtocolError.PACKET_SEQUENCE_JUMP,
          "packet " + Integer.toUnsignedString(packetSequence) + " is " + ahead + " ahead of the newest received");
    }
    if (!any || ahead > 0) {
      return any || ahead > 0 ? Verdict.NEW : Verdict.STALE;
    }
    if (ahead == 0) {
      return Verdict.DUPLICATE;
    }
    int behind = -ahead;
    if (behind > ConnectionConfig.PACKET_HISTORY) {
      return Verdict.STALE;
    }
    return (earlier & (1L << (behind - 1))) != 0 ? Verdict.DUPLICATE : Verdict.NEW;
  }

  /** Records a packet that {@link #classify} called new and that was read in full. */
  void record(int packetSequence) {
    int ahead = packetSequence - newest;
    if (!any || ahead > 0) {
      earlier = !any || ahead > 64 ? 0 : ahead == 64 ? 1L << 63 : (earlier << ahead) | (1L << (ahead - 1));
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
