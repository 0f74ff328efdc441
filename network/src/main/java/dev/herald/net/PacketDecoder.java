package dev.herald.net;

/**
 * Reads and validates a whole packet before anything acts on it, so that a bad packet is rejected
 * as a unit. Every buffer is sized once from the configuration, never from a number on the wire; a
 * decoder is reused for every packet and holds the last one decoded.
 *
 * <p>It reads each message's 15-bit sequence as the one 32-bit message number within a window of
 * the packet's {@code unconfirmedFrom}, and each dependency as the number less than a window before
 * its message. The token is not checked here: the connection checks it before it decodes anything.
 *
 * <p>What a packet can cost is bounded by its length: each loop advances through its bytes, and a
 * dependency list stops at the configured maximum.
 */
final class PacketDecoder {

  private final int maxPacketSize;
  private final int window;
  private final int maxDependencies;

  private final int[] numbers;
  private final int[] dependencyStart;
  private final int[] dependencyCount;
  private final int[] dependencies;
  private final int[] payloadOffset;
  private final int[] payloadLength;

  private byte[] data;
  private int end;
  private int position;

  private boolean hasAck;
  private long token;
  private int packetSequence;
  private int unconfirmedFrom;
  private int executedBefore;
  private int ack;
  private int ackBits;
  private int messageCount;

  PacketDecoder(int maxPacketSize, int window, int maxDependencies) {
    this.maxPacketSize = maxPacketSize;
    this.window = window;
    this.maxDependencies = maxDependencies;
    int maxMessages = PacketFormat.maxMessagesPerPacket(maxPacketSize);
    this.numbers = new int[maxMessages];
    this.dependencyStart = new int[maxMessages];
    this.dependencyCount = new int[maxMessages];
    this.dependencies = new int[maxPacketSize / 2];
    this.payloadOffset = new int[maxMessages];
    this.payloadLength = new int[maxMessages];
  }

  PacketDecoder(ConnectionConfig config) {
    this(config.maxPacketSize(), config.window(), config.maxDependencies());
  }

  /**
   * Decodes {@code length} bytes of {@code packet} from {@code offset}.
   *
   * @throws ProtocolException if the packet is malformed; the decoder then holds nothing
   */
  void decode(byte[] packet, int offset, int length) throws ProtocolException {
    messageCount = 0;
    if (length > maxPacketSize) {
      throw new ProtocolException(
          ProtocolError.PACKET_TOO_LARGE, length + " bytes, at most " + maxPacketSize + " allowed");
    }
    data = packet;
    position = offset;
    end = offset + length;
    int flags = readByte();
    if ((flags & ~PacketFormat.FLAG_HAS_ACK) != 0) {
      throw new ProtocolException(
          ProtocolError.UNKNOWN_FLAGS, "flags 0x" + Integer.toHexString(flags));
    }
    hasAck = flags != 0;
    token = ((long) readInt() << 32) | (readInt() & 0xFFFFFFFFL);
    packetSequence = readInt();
    unconfirmedFrom = readInt();
    executedBefore = readInt();
    if (hasAck) {
      ack = readInt();
      ackBits = readInt();
    }
    int count = 0;
    int dependencyTotal = 0;
    while (position < end) {
      int first = readShort();
      int sequence = first & SequenceNumbers.MASK;
      int fromUnconfirmed =
          SequenceNumbers.distance(unconfirmedFrom & SequenceNumbers.MASK, sequence);
      if (fromUnconfirmed >= window) {
        throw new ProtocolException(
            ProtocolError.MESSAGE_OUTSIDE_WINDOW,
            "message "
                + sequence
                + " is "
                + fromUnconfirmed
                + " after the oldest unconfirmed message, "
                + Integer.toUnsignedString(unconfirmedFrom)
                + ", with a window of "
                + window);
      }
      int number = unconfirmedFrom + fromUnconfirmed;
      numbers[count] = number;
      dependencyStart[count] = dependencyTotal;
      int listed = 0;
      boolean more = (first & PacketFormat.CONTINUATION_BIT) != 0;
      while (more) {
        if (listed == maxDependencies) {
          throw new ProtocolException(
              ProtocolError.TOO_MANY_DEPENDENCIES,
              "message " + sequence + " lists more than " + maxDependencies);
        }
        int word = readShort();
        int dependency = word & SequenceNumbers.MASK;
        checkDependency(sequence, dependency, dependencyTotal - listed, listed);
        dependencies[dependencyTotal++] = number - SequenceNumbers.distance(dependency, sequence);
        listed++;
        more = (word & PacketFormat.CONTINUATION_BIT) != 0;
      }
      dependencyCount[count] = listed;
      int payload = readLength();
      if (payload > end - position) {
        throw new ProtocolException(
            ProtocolError.LENGTH_OVERRUN,
            "message "
                + sequence
                + " claims "
                + payload
                + " bytes, "
                + (end - position)
                + " remain");
      }
      payloadOffset[count] = position;
      payloadLength[count] = payload;
      position += payload;
      count++;
    }
    messageCount = count;
  }

  private void checkDependency(int sequence, int dependency, int listStart, int listed)
      throws ProtocolException {
    if (dependency == sequence) {
      throw new ProtocolException(ProtocolError.SELF_DEPENDENCY, "message " + sequence);
    }
    if (SequenceNumbers.isNewer(dependency, sequence)) {
      throw new ProtocolException(
          ProtocolError.FUTURE_DEPENDENCY, "message " + sequence + " on " + dependency);
    }
    if (SequenceNumbers.distance(dependency, sequence) >= window) {
      throw new ProtocolException(
          ProtocolError.DEPENDENCY_OUT_OF_WINDOW,
          "message " + sequence + " on " + dependency + " with a window of " + window);
    }
    for (int i = listStart; i < listStart + listed; i++) {
      if ((dependencies[i] & SequenceNumbers.MASK) == dependency) {
        throw new ProtocolException(
            ProtocolError.DUPLICATE_DEPENDENCY,
            "message " + sequence + " lists " + dependency + " twice");
      }
    }
  }

  private int readLength() throws ProtocolException {
    int first = readByte();
    if ((first & 0x80) == 0) {
      return first;
    }
    int second = readByte();
    if ((second & 0x80) != 0) {
      throw new ProtocolException(
          ProtocolError.MALFORMED_LENGTH,
          "longer than " + PacketFormat.MAX_LENGTH_FIELD_SIZE + " bytes");
    }
    return (first & 0x7F) | (second << 7);
  }

  private int readByte() throws ProtocolException {
    if (position >= end) {
      throw new ProtocolException(ProtocolError.TRUNCATED, "needed a byte at " + position);
    }
    return data[position++] & 0xFF;
  }

  private int readShort() throws ProtocolException {
    if (end - position < 2) {
      throw new ProtocolException(ProtocolError.TRUNCATED, "needed 2 bytes at " + position);
    }
    int value = ((data[position] & 0xFF) << 8) | (data[position + 1] & 0xFF);
    position += 2;
    return value;
  }

  private int readInt() throws ProtocolException {
    if (end - position < 4) {
      throw new ProtocolException(ProtocolError.TRUNCATED, "needed 4 bytes at " + position);
    }
    int high = readShort();
    return (high << 16) | readShort();
  }

  boolean hasAck() {
    return hasAck;
  }

  long token() {
    return token;
  }

  int packetSequence() {
    return packetSequence;
  }

  /**
   * The sender's oldest message not known executed here: it will never send one before it again.
   */
  int unconfirmedFrom() {
    return unconfirmedFrom;
  }

  /** Every message of the receiver's before this one has executed at the sender of the packet. */
  int executedBefore() {
    return executedBefore;
  }

  int ack() {
    return ack;
  }

  int ackBits() {
    return ackBits;
  }

  int messageCount() {
    return messageCount;
  }

  /** The 32-bit number of message {@code message} of the packet. */
  int number(int message) {
    return numbers[message];
  }

  int dependencyCount(int message) {
    return dependencyCount[message];
  }

  /** The 32-bit number of a dependency of message {@code message}. */
  int dependency(int message, int index) {
    return dependencies[dependencyStart[message] + index];
  }

  byte[] data() {
    return data;
  }

  int payloadOffset(int message) {
    return payloadOffset[message];
  }

  int payloadLength(int message) {
    return payloadLength[message];
  }
}
