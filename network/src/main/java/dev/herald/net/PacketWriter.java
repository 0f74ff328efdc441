package dev.herald.net;

import java.util.Arrays;

/** Writes one packet at a time into a buffer of the maximum packet size. */
final class PacketWriter {

  private final byte[] buffer;
  private int position;

  PacketWriter(int maxPacketSize) {
    this.buffer = new byte[maxPacketSize];
  }

  /** Starts a packet; see {@link PacketFormat} for the fields. */
  void begin(
      long token,
      int packetSequence,
      int unconfirmedFrom,
      int executedBefore,
      boolean hasAck,
      int ack,
      int ackBits) {
    position = 0;
    buffer[position++] = (byte) (hasAck ? PacketFormat.FLAG_HAS_ACK : 0);
    writeInt((int) (token >>> 32));
    writeInt((int) token);
    writeInt(packetSequence);
    writeInt(unconfirmedFrom);
    writeInt(executedBefore);
    if (hasAck) {
      writeInt(ack);
      writeInt(ackBits);
    }
  }

  /** Bytes written so far into the packet begun last. */
  int length() {
    return position;
  }

  int remaining() {
    return buffer.length - position;
  }

  /** Bytes a message with these dependencies and this payload occupies. */
  static int messageSize(int dependencyCount, int payloadLength) {
    return PacketFormat.messageHeaderSize(dependencyCount)
        + PacketFormat.lengthFieldSize(payloadLength)
        + payloadLength;
  }

  /**
   * Writes a message numbered {@code number} that depends on the first {@code dependencyCount}
   * message numbers of {@code dependencies}, with the first {@code length} bytes of {@code
   * payload}; the caller has checked that it fits. Numbers go on the wire modulo 2^15.
   */
  void writeMessage(
      int number, int[] dependencies, int dependencyCount, byte[] payload, int length) {
    writeShort(
        (number & SequenceNumbers.MASK)
            | (dependencyCount > 0 ? PacketFormat.CONTINUATION_BIT : 0));
    for (int i = 0; i < dependencyCount; i++) {
      boolean more = i + 1 < dependencyCount;
      writeShort(
          (dependencies[i] & SequenceNumbers.MASK) | (more ? PacketFormat.CONTINUATION_BIT : 0));
    }
    if (length < 0x80) {
      buffer[position++] = (byte) length;
    } else {
      buffer[position++] = (byte) (0x80 | (length & 0x7F));
      buffer[position++] = (byte) (length >>> 7);
    }
    System.arraycopy(payload, 0, buffer, position, length);
    position += length;
  }

  byte[] finish() {
    return Arrays.copyOf(buffer, position);
  }

  /**
   * Copies the packet into {@code into}, which the caller made large enough, and returns its
   * length.
   */
  int finishInto(byte[] into) {
    System.arraycopy(buffer, 0, into, 0, position);
    return position;
  }

  private void writeShort(int value) {
    buffer[position++] = (byte) (value >>> 8);
    buffer[position++] = (byte) value;
  }

  private void writeInt(int value) {
    writeShort(value >>> 16);
    writeShort(value & 0xFFFF);
  }
}
