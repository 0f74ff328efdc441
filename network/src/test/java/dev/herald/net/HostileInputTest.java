package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.net.simulation.ManualClock;
import org.junit.jupiter.api.Test;

/** Every kind of broken packet is rejected whole, with its own error, and executes nothing. */
class HostileInputTest {

  private static final byte[] ONE_BYTE = {42};

  private final ManualClock clock = new ManualClock();
  private final ExecutionLog log = new ExecutionLog();
  private final ConnectionConfig config = ConnectionConfig.defaults();
  private final Connection receiver = new Connection(config, clock, log);

  private void assertRejected(ProtocolError expected, byte[] packet) {
    ProtocolException thrown = assertThrows(ProtocolException.class, () -> receiver.receive(packet));
    assertEquals(expected, thrown.error(), thrown.getMessage());
    assertTrue(log.sequences.isEmpty(), "nothing executed");
    assertEquals(0, receiver.graphNodes(), "nothing stored");
    assertEquals(null, receiver.poll(), "nothing acknowledged");
  }

  /** A valid message 0 goes first, so a packet that got half-way would have executed it. */
  private static TestPackets startsWithValidMessage() {
    return TestPackets.packet(0).message(0, ONE_BYTE);
  }

  @Test
  void truncatedHeaderIsRejected() {
    assertRejected(ProtocolError.TRUNCATED, new byte[] {0, 0, 0});
    assertRejected(ProtocolError.TRUNCATED, new byte[0]);
  }

  @Test
  void truncatedAcknowledgementIsRejected() {
    assertRejected(ProtocolError.TRUNCATED, new byte[] {PacketFormat.FLAG_HAS_ACK, 0, 0, 0, 0, 0, 0});
  }

  @Test
  void truncatedMessageIsRejected() {
    assertRejected(ProtocolError.TRUNCATED, startsWithValidMessage().u8(0x00).bytes());
    assertRejected(ProtocolError.TRUNCATED, startsWithValidMessage().u16(0x8001).u8(0x80).bytes());
    assertRejected(ProtocolError.TRUNCATED, startsWithValidMessage().u16(1).bytes());
  }

  @Test
  void lengthThatOverrunsThePacketIsRejected() {
    assertRejected(ProtocolError.LENGTH_OVERRUN, startsWithValidMessage().u16(1).u8(5).u8(1).u8(2).bytes());
    // 16,383 claimed: no buffer of that size may be made, the packet simply ends.
    assertRejected(ProtocolError.LENGTH_OVERRUN, startsWithValidMessage().u16(1).u8(0xFF).u8(0x7F).bytes());
  }

  @Test
  void lengthFieldLongerThanTwoBytesIsRejected() {
    assertRejected(ProtocolError.MALFORMED_LENGTH, startsWithValidMessage().u16(1).u8(0xFF).u8(0xFF).u8(0x01).bytes());
  }

  @Test
  void dependencyOnItselfIsRejected() {
    assertRejected(ProtocolError.SELF_DEPENDENCY, startsWithValidMessage().message(5, ONE_BYTE, 5).bytes());
  }

  @Test
  void dependencyOnANewerMessageIsRejected() {
    assertRejected(ProtocolError.FUTURE_DEPENDENCY, startsWithValidMessage().message(5, ONE_BYTE, 6).bytes());
    assertRejected(ProtocolError.FUTURE_DEPENDENCY, startsWithValidMessage().message(32767, ONE_BYTE, 3).bytes());
  }

  @Test
  void dependencyFurtherBackThanTheWindowIsRejected() {
    int tooFar = (5 - config.window()) & SequenceNumbers.MASK;
    assertRejected(ProtocolError.DEPENDENCY_OUT_OF_WINDOW, startsWithValidMessage().message(5, ONE_BYTE, tooFar).bytes());
  }

  @Test
  void repeatedDependencyIsRejected() {
    assertRejected(ProtocolError.DUPLICATE_DEPENDENCY, startsWithValidMessage().message(5, ONE_BYTE, 3, 4, 3).bytes());
  }

  @Test
  void moreDependenciesThanTheCapAreRejected() {
    int[] dependencies = new int[config.maxDependencies() + 1];
    for (int i = 0; i < dependencies.length; i++) {
      dependencies[i] = 100 + i;
    }
    assertRejected(ProtocolError.TOO_MANY_DEPENDENCIES, startsWithValidMessage().message(200, ONE_BYTE, dependencies).bytes());
  }

  @Test
  void endlessDependencyListStopsAtTheCap() {
    TestPackets packet = startsWithValidMessage().u16(0x8000 | 2000);
    for (int i = 0; i < 500; i++) {
      packet.u16(0x8000 | (1000 + i));
    }
    assertRejected(ProtocolError.TOO_MANY_DEPENDENCIES, packet.bytes());
  }

  @Test
  void unknownFlagsAreRejected() {
    byte[] packet = startsWithValidMessage().bytes();
    packet[0] = 2;
    assertRejected(ProtocolError.UNKNOWN_FLAGS, packet);
  }

  @Test
  void packetLongerThanTheMaximumIsRejected() {
    assertRejected(ProtocolError.PACKET_TOO_LARGE, new byte[config.maxPacketSize() + 1]);
  }

  @Test
  void acknowledgementOfAPacketNeverSentIsRejected() {
    assertRejected(ProtocolError.ACK_OF_UNSENT_PACKET, TestPackets.packetWithAck(0, 0, 0).message(0, ONE_BYTE).bytes());
  }

  @Test
  void packetNumberJumpingFarAheadIsRejected() {
    assertRejected(ProtocolError.PACKET_SEQUENCE_JUMP, TestPackets.packet(1 << 20).message(0, ONE_BYTE).bytes());
  }

  @Test
  void floodOfMessagesWhoseDependencyNeverArrivesStaysWithinTheCapsAndDropsAreNotAcknowledged() throws ProtocolException {
    ConnectionConfig capped = ConnectionConfig.defaults().withMaxPendingBytes(4_000);
    Connection victim = new Connection(capped, clock, log);
    byte[] kilobyte = new byte[1_000];
    int packets = 20;
    for (int p = 0; p < packets; p++) {
      victim.receive(TestPackets.packet(p).message(1 + p, kilobyte, 0).bytes());
      assertTrue(victim.waitingBytes() <= 4_000, "waiting bytes " + victim.waitingBytes());
    }
    // A flood of tiny ones up to and past the window: bounded by the window, then ignored.
    for (int p = packets; p < packets + 3 * capped.window(); p++) {
      int sequence = (p - packets + 30) & SequenceNumbers.MASK;
      victim.receive(TestPackets.packet(p).message(sequence, new byte[0], (sequence - 1) & SequenceNumbers.MASK).bytes());
    }

    assertTrue(log.sequences.isEmpty(), "nothing executed");
    assertEquals(4, victim.waitingBytes() / 1_000, "four kilobyte messages fit under the cap");
    assertEquals(packets - 4, victim.counters().refusedMessages());
    assertTrue(victim.waitingMessages() <= capped.window());
    assertTrue(victim.graphNodes() <= capped.window());

    PacketDecoder ack = TestPackets.decode(victim.poll());
    for (int refused = 4; refused < packets; refused++) {
      int behind = ack.ack() - refused;
      boolean acknowledged = behind == 0 || (behind > 0 && behind <= 32 && (ack.ackBits() & (1 << (behind - 1))) != 0);
      assertTrue(!acknowledged, "packet " + refused + " carried a dropped message and must not be acknowledged");
    }
  }
}
