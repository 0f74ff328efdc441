package dev.herald.net;

import java.io.ByteArrayOutputStream;

/** Builds packets by hand, including broken ones, and reads packets back for assertions. */
final class TestPackets {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private TestPackets() {}

  /** A packet without acknowledgements. */
  static TestPackets packet(int packetSequence) {
    TestPackets packet = new TestPackets();
    packet.u8(0).u32(packetSequence);
    return packet;
  }

  /** A packet acknowledging {@code ack} and the packets flagged in {@code ackBits}. */
  static TestPackets packetWithAck(int packetSequence, int ack, int ackBits) {
    TestPackets packet = new TestPackets();
    packet.u8(PacketFormat.FLAG_HAS_ACK).u32(packetSequence).u32(ack).u32(ackBits);
    return packet;
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
    bytes.writeBytes(payload);
    return this;
  }

  TestPackets u8(int value) {
    bytes.write(value);
    return this;
  }

  TestPackets u16(int value) {
    return u8(value >>> 8).u8(value & 0xFF);
  }

  TestPackets u32(int value) {
    return u16(value >>> 16).u16(value & 0xFFFF);
  }

  byte[] bytes() {
    return bytes.toByteArray();
  }

  /** Decodes a packet a connection produced, with the default limits. */
  static PacketDecoder decode(byte[] packet) {
    PacketDecoder decoder = new PacketDecoder(ConnectionConfig.MAX_PACKET_SIZE, ConnectionConfig.MAX_WINDOW, 64);
    try {
      decoder.decode(packet, 0, packet.length);
    } catch (ProtocolException e) {
      throw new AssertionError("a connection wrote a packet it cannot read", e);
    }
    return decoder;
  }
}
