package dev.herald.net;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds packets by hand, including broken ones, and reads packets back for assertions. The header
 * fields are set first; {@link #bytes()} writes them before the body, which {@link #message} and
 * the {@code u8}..{@code u32} methods append to.
 */
final class TestPackets {

  /** The token of the connections under test, unless a test says otherwise. */
  static final long TOKEN = 0x5EED_1DEA_C0DE_0016L;

  private final ByteArrayOutputStream body = new ByteArrayOutputStream();
  private final int packetSequence;
  private long token = TOKEN;
  private int unconfirmedFrom;
  private int executedBefore;
  private boolean hasAck;
  private int ack;
  private int ackBits;

  private TestPackets(int packetSequence) {
    this.packetSequence = packetSequence;
  }

  /** A packet with the test token, no acknowledgements, and both floors at 0. */
  static TestPackets packet(int packetSequence) {
    return new TestPackets(packetSequence);
  }

  /** A packet acknowledging {@code ack} and the packets flagged in {@code ackBits}. */
  static TestPackets packetWithAck(int packetSequence, int ack, int ackBits) {
    return packet(packetSequence).ack(ack, ackBits);
  }

  TestPackets token(long value) {
    token = value;
    return this;
  }

  TestPackets unconfirmedFrom(int number) {
    unconfirmedFrom = number;
    return this;
  }

  TestPackets executedBefore(int number) {
    executedBefore = number;
    return this;
  }

  TestPackets ack(int newest, int bits) {
    hasAck = true;
    ack = newest;
    ackBits = bits;
    return this;
  }

  /** Appends a well-formed message. */
  TestPackets message(int sequence, byte[] payload, int... dependencies) {
    u16(sequence | (dependencies.length > 0 ? 0x8000 : 0));
    for (int i = 0; i < dependencies.length; i++) {
      u16(dependencies[i] | (i + 1 < dependencies.length ? 0x8000 : 0));
    }
    if (payload.length < 0x80) {
      u8(payload.length);
    } else {
      u8(0x80 | (payload.length & 0x7F)).u8(payload.length >>> 7);
    }
    body.writeBytes(payload);
    return this;
  }

  TestPackets u8(int value) {
    body.write(value);
    return this;
  }

  TestPackets u16(int value) {
    return u8(value >>> 8).u8(value & 0xFF);
  }

  TestPackets u32(int value) {
    return u16(value >>> 16).u16(value & 0xFFFF);
  }

  byte[] bytes() {
    ByteArrayOutputStream packet = new ByteArrayOutputStream();
    packet.write(hasAck ? PacketFormat.FLAG_HAS_ACK : 0);
    writeInt(packet, (int) (token >>> 32));
    writeInt(packet, (int) token);
    writeInt(packet, packetSequence);
    writeInt(packet, unconfirmedFrom);
    writeInt(packet, executedBefore);
    if (hasAck) {
      writeInt(packet, ack);
      writeInt(packet, ackBits);
    }
    packet.writeBytes(body.toByteArray());
    return packet.toByteArray();
  }

  private static void writeInt(ByteArrayOutputStream out, int value) {
    out.write(value >>> 24);
    out.write(value >>> 16);
    out.write(value >>> 8);
    out.write(value);
  }

  /** A copy of {@code packet}, which has acknowledgement fields, with those fields replaced. */
  static byte[] withAcknowledgement(byte[] packet, int ack, int ackBits) {
    if ((packet[0] & PacketFormat.FLAG_HAS_ACK) == 0) {
      throw new IllegalArgumentException("the packet has no acknowledgement fields to replace");
    }
    byte[] altered = packet.clone();
    int at = PacketFormat.HEADER_SIZE_WITHOUT_ACK;
    for (int i = 0; i < 4; i++) {
      altered[at + i] = (byte) (ack >>> (24 - 8 * i));
      altered[at + 4 + i] = (byte) (ackBits >>> (24 - 8 * i));
    }
    return altered;
  }

  /** Every packet {@code from} has to send now. */
  static List<byte[]> drain(Connection from) {
    List<byte[]> packets = new ArrayList<>();
    for (byte[] packet = from.poll(); packet != null; packet = from.poll()) {
      packets.add(packet);
    }
    return packets;
  }

  /** Hands every packet to {@code to}. */
  static void deliver(List<byte[]> packets, Connection to) throws ProtocolException {
    for (byte[] packet : packets) {
      to.receive(packet);
    }
  }

  /** Decodes a packet a connection produced, with the default limits. */
  static PacketDecoder decode(byte[] packet) {
    PacketDecoder decoder =
        new PacketDecoder(ConnectionConfig.MAX_PACKET_SIZE, ConnectionConfig.MAX_WINDOW, 64);
    try {
      decoder.decode(packet, 0, packet.length);
    } catch (ProtocolException e) {
      throw new AssertionError("a connection wrote a packet it cannot read", e);
    }
    return decoder;
  }
}
