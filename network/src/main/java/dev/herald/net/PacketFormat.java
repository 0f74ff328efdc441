package dev.herald.net;

/**
 * The wire format, in one place.
 *
 * <pre>
 * packet  = flags:u8  packetSequence:u32  [ack:u32  ackBits:u32]  message*
 *           (ack fields present when flags bit 0 is set; other flag bits must be 0)
 * message = sequence:u16  dependency:u16*  length:varint  payload
 *           sequence bit 15 set: a dependency list follows;
 *           dependency bit 15 set: another dependency follows;
 *           the low 15 bits are the sequence numbers.
 *           length: 1 or 2 bytes, 7 bits each, low bits first, bit 7 = more.
 * </pre>
 *
 * All integers are big-endian. {@code ackBits} bit {@code i} says that packet
 * {@code ack - 1 - i} arrived.
 */
final class PacketFormat {

  static final int FLAG_HAS_ACK = 1;
  static final int HEADER_SIZE_WITHOUT_ACK = 1 + 4;
  static final int MAX_HEADER_SIZE = HEADER_SIZE_WITHOUT_ACK + 4 + 4;
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
}
