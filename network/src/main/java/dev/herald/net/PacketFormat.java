package dev.herald.net;

/**
 * The wire format, in one place.
 *
 * <pre>
 * packet  = flags:u8  token:u64  packetSequence:u32
 *           unconfirmedFrom:u32  executedBefore:u32  [ack:u32  ackBits:u32]  message*
 *           (ack fields present when flags bit 0 is set; other flag bits must be 0)
 * message = sequence:u16  dependency:u16*  length:varint  payload
 *           sequence bit 15 set: a dependency list follows;
 *           dependency bit 15 set: another dependency follows;
 *           the low 15 bits are the message's number modulo 2^15.
 *           length: 1 or 2 bytes, 7 bits each, low bits first, bit 7 = more.
 * </pre>
 *
 * All integers are big-endian.
 *
 * <ul>
 *   <li>{@code token}: the value only the two ends of the connection know. A datagram that does not
 *       carry it is not read at all, so someone who cannot see the traffic cannot forge an
 *       acknowledgement.
 *   <li>{@code unconfirmedFrom}: the sender's oldest message that it does not know to be executed
 *       by the receiver. Every message before it the sender counts as executed and will never send
 *       again, so a receiver that has not executed them all knows at once that one is lost for
 *       good. Every message in the packet lies less than a window from it, and a dependency is left
 *       out of a message only when it lies before it; that is how the receiver reads a 15-bit
 *       sequence as a 32-bit message number, and how it checks that no dependency was left out that
 *       it has not executed.
 *   <li>{@code executedBefore}: the oldest of the peer's messages that the sender of the packet has
 *       not executed; it executed every one before. A cumulative acknowledgement, which still holds
 *       when the acknowledgements of single packets were lost or reordered past {@code ackBits}.
 *   <li>{@code ack}, {@code ackBits}: the newest packet received, and bit {@code i} for packet
 *       {@code ack - 1 - i}: acknowledgements of messages that arrived out of order.
 * </ul>
 *
 * <p>Room for what comes later: the flags byte has seven unused bits, which a packet must leave 0
 * today. The handshake of the networked bus will mark its own packets with one; an encrypted packet
 * will set another and carry, after the packet sequence, the rest sealed with the connection's key
 * (the packet sequence as nonce, the 13 bytes before it as associated data) followed by the
 * authentication tag.
 */
final class PacketFormat {

  static final int FLAG_HAS_ACK = 1;
  static final int TOKEN_OFFSET = 1;
  static final int PREFIX_SIZE = 1 + 8;
  static final int HEADER_SIZE_WITHOUT_ACK = PREFIX_SIZE + 4 + 4 + 4;
  static final int MAX_HEADER_SIZE = HEADER_SIZE_WITHOUT_ACK + 4 + 4;

  /** How many packets before the acknowledged one {@code ackBits} covers. */
  static final int ACK_BITS = 32;

  static final int CONTINUATION_BIT = 0x8000;
  static final int SMALLEST_MESSAGE = 2 + 1;
  static final int MAX_LENGTH_FIELD_SIZE = 2;

  private PacketFormat() {}

  /** Bytes of sequence number and dependency list: the per-message header. */
  static int messageHeaderSize(int dependencyCount) {
    return 2 + 2 * dependencyCount;
  }

  static int lengthFieldSize(int length) {
    return length < 0x80 ? 1 : 2;
  }

  /** The most messages a packet of {@code packetSize} bytes can hold; sizes decode buffers. */
  static int maxMessagesPerPacket(int packetSize) {
    return packetSize / SMALLEST_MESSAGE;
  }

  /**
   * Returns whether the {@code length} bytes of {@code packet} from {@code offset} are long enough
   * to carry a token and carry {@code token}: the first test every datagram meets, before anything
   * else is read.
   */
  static boolean carriesToken(byte[] packet, int offset, int length, long token) {
    if (length < PREFIX_SIZE) {
      return false;
    }
    long carried = 0;
    for (int i = offset + TOKEN_OFFSET; i < offset + PREFIX_SIZE; i++) {
      carried = (carried << 8) | (packet[i] & 0xFF);
    }
    return carried == token;
  }
}
