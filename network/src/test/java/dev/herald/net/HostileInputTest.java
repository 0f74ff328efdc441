package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Every kind of broken packet is rejected whole, with its own error, and executes nothing. */
class HostileInputTest {

  private static final byte[] ONE_BYTE = {42};

  private final ManualTicker clock = new ManualTicker();
  private final ExecutionLog log = new ExecutionLog();
  private final ConnectionConfig config = ConnectionConfig.defaults();
  private final Connection receiver = new Connection(config, TestPackets.TOKEN, clock, log);

  private void assertRejected(ProtocolError expected, byte[] packet) {
    ProtocolException thrown =
        assertThrows(ProtocolException.class, () -> receiver.receive(packet));
    assertEquals(expected, thrown.error(), thrown.getMessage());
    assertTrue(log.sequences.isEmpty(), "nothing executed");
    assertEquals(0, receiver.graphNodes(), "nothing stored");
    assertEquals(null, receiver.poll(), "nothing acknowledged");
  }

  /** A valid message 0 goes first, so a packet that got half-way would have executed it. */
  private static TestPackets startsWithValidMessage() {
    return TestPackets.packet(0).message(0, ONE_BYTE);
  }

  private void assertDroppedUnread(byte[] packet) throws ProtocolException {
    long before = receiver.counters().foreignPackets();
    receiver.receive(packet);
    assertEquals(before + 1, receiver.counters().foreignPackets(), "counted as foreign");
    assertEquals(0, receiver.counters().packetsReceived(), "not read");
    assertEquals(
        0, receiver.counters().protocolErrors(), "not even rejected: it is not the peer's");
    assertTrue(log.sequences.isEmpty(), "nothing executed");
    assertEquals(null, receiver.poll(), "nothing acknowledged");
  }

  @Test
  void datagramWithAnotherTokenIsDroppedUnreadAndCounted() throws ProtocolException {
    assertDroppedUnread(startsWithValidMessage().token(TestPackets.TOKEN ^ 1).bytes());
    assertDroppedUnread(startsWithValidMessage().token(TestPackets.TOKEN ^ Long.MIN_VALUE).bytes());
    assertDroppedUnread(new byte[config.maxPacketSize() + 100]);
  }

  @Test
  void datagramTooShortToCarryATokenIsDroppedUnreadAndCounted() throws ProtocolException {
    assertDroppedUnread(new byte[0]);
    assertDroppedUnread(
        Arrays.copyOf(startsWithValidMessage().bytes(), PacketFormat.PREFIX_SIZE - 1));
  }

  @Test
  void truncatedHeaderIsRejected() {
    byte[] whole = TestPackets.packet(0).bytes();
    for (int length = PacketFormat.PREFIX_SIZE; length < whole.length; length++) {
      assertRejected(ProtocolError.TRUNCATED, Arrays.copyOf(whole, length));
    }
  }

  @Test
  void truncatedAcknowledgementIsRejected() {
    byte[] whole = TestPackets.packetWithAck(0, 0, 0).bytes();
    assertRejected(ProtocolError.TRUNCATED, Arrays.copyOf(whole, whole.length - 2));
  }

  @Test
  void truncatedMessageIsRejected() {
    assertRejected(ProtocolError.TRUNCATED, startsWithValidMessage().u8(0x00).bytes());
    assertRejected(ProtocolError.TRUNCATED, startsWithValidMessage().u16(0x8001).u8(0x80).bytes());
    assertRejected(ProtocolError.TRUNCATED, startsWithValidMessage().u16(1).bytes());
  }

  @Test
  void lengthThatOverrunsThePacketIsRejected() {
    assertRejected(
        ProtocolError.LENGTH_OVERRUN, startsWithValidMessage().u16(1).u8(5).u8(1).u8(2).bytes());
    // 16,383 claimed: no buffer of that size may be made, the packet simply ends.
    assertRejected(
        ProtocolError.LENGTH_OVERRUN, startsWithValidMessage().u16(1).u8(0xFF).u8(0x7F).bytes());
  }

  @Test
  void lengthFieldLongerThanTwoBytesIsRejected() {
    assertRejected(
        ProtocolError.MALFORMED_LENGTH,
        startsWithValidMessage().u16(1).u8(0xFF).u8(0xFF).u8(0x01).bytes());
  }

  @Test
  void dependencyOnItselfIsRejected() {
    assertRejected(
        ProtocolError.SELF_DEPENDENCY, startsWithValidMessage().message(5, ONE_BYTE, 5).bytes());
  }

  @Test
  void dependencyOnANewerMessageIsRejected() {
    assertRejected(
        ProtocolError.FUTURE_DEPENDENCY, startsWithValidMessage().message(5, ONE_BYTE, 6).bytes());
    assertRejected(
        ProtocolError.FUTURE_DEPENDENCY,
        startsWithValidMessage().unconfirmedFrom(32760).message(32767, ONE_BYTE, 3).bytes());
  }

  @Test
  void messageAWindowOrMoreAfterTheOldestUnconfirmedIsRejected() {
    assertRejected(
        ProtocolError.MESSAGE_OUTSIDE_WINDOW,
        startsWithValidMessage().message(config.window(), ONE_BYTE).bytes());
    assertRejected(
        ProtocolError.MESSAGE_OUTSIDE_WINDOW,
        startsWithValidMessage()
            .unconfirmedFrom(0)
            .message(SequenceNumbers.MASK, ONE_BYTE)
            .bytes());
  }

  @Test
  void dependencyFurtherBackThanTheWindowIsRejected() {
    int tooFar = (5 - config.window()) & SequenceNumbers.MASK;
    assertRejected(
        ProtocolError.DEPENDENCY_OUT_OF_WINDOW,
        startsWithValidMessage().message(5, ONE_BYTE, tooFar).bytes());
  }

  @Test
  void repeatedDependencyIsRejected() {
    assertRejected(
        ProtocolError.DUPLICATE_DEPENDENCY,
        startsWithValidMessage().message(5, ONE_BYTE, 3, 4, 3).bytes());
  }

  @Test
  void moreDependenciesThanTheCapAreRejected() {
    int[] dependencies = new int[config.maxDependencies() + 1];
    for (int i = 0; i < dependencies.length; i++) {
      dependencies[i] = 100 + i;
    }
    assertRejected(
        ProtocolError.TOO_MANY_DEPENDENCIES,
        startsWithValidMessage().message(200, ONE_BYTE, dependencies).bytes());
  }

  @Test
  void endlessDependencyListStopsAtTheCap() {
    TestPackets packet = startsWithValidMessage().u16(0x8000 | 1000);
    for (int i = 0; i < 500; i++) {
      packet.u16(0x8000 | (400 + i));
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
    byte[] packet = TestPackets.packet(0).bytes();
    assertRejected(
        ProtocolError.PACKET_TOO_LARGE, Arrays.copyOf(packet, config.maxPacketSize() + 1));
  }

  @Test
  void acknowledgementOfAPacketNeverSentIsRejected() {
    assertRejected(
        ProtocolError.ACK_OF_UNSENT_PACKET,
        TestPackets.packetWithAck(0, 0, 0).message(0, ONE_BYTE).bytes());
  }

  @Test
  void acknowledgementOfAMessageNeverSentIsRejected() {
    assertRejected(
        ProtocolError.ACK_OF_UNSENT_MESSAGE, startsWithValidMessage().executedBefore(1).bytes());
    MessageDependency queued =
        receiver.send(ONE_BYTE); // not yet in a packet: not yet acknowledgeable
    ProtocolException thrown =
        assertThrows(
            ProtocolException.class,
            () -> receiver.receive(startsWithValidMessage().executedBefore(1).bytes()));
    assertEquals(ProtocolError.ACK_OF_UNSENT_MESSAGE, thrown.error());
    assertTrue(!queued.isKnownExecuted());
  }

  @Test
  void packetSayingAMessageNotExecutedHereWillNeverBeSentAgainEndsTheConnection()
      throws ProtocolException {
    receiver.receive(TestPackets.packet(0).message(2, ONE_BYTE, 1).bytes());
    assertEquals(1, receiver.waitingMessages());

    // message 0 never arrived, yet the peer's oldest unconfirmed message is 1
    receiver.receive(TestPackets.packet(1).unconfirmedFrom(1).message(1, ONE_BYTE).bytes());

    assertEquals(ConnectionError.MESSAGE_LOST, receiver.failure());
    assertEquals(ConnectionError.MESSAGE_LOST, log.error);
    assertTrue(
        log.sequences.isEmpty(), "neither message 1, which came with the news, nor 2 executed");
    assertEquals(0, receiver.graphNodes());
    assertEquals(null, receiver.poll());
  }

  @Test
  void packetNumberJumpingFarAheadIsRejected() {
    assertRejected(
        ProtocolError.PACKET_SEQUENCE_JUMP,
        TestPackets.packet(1 << 20).message(0, ONE_BYTE).bytes());
  }

  @Test
  void floodOfMessagesWhoseDependencyNeverArrivesStaysWithinTheCapsAndDropsAreNotAcknowledged()
      throws ProtocolException {
    ConnectionConfig capped = ConnectionConfig.defaults().withMaxPendingBytes(4_000);
    Connection victim = new Connection(capped, TestPackets.TOKEN, clock, log);
    byte[] kilobyte = new byte[1_000];
    int packets = 20;
    for (int p = 0; p < packets; p++) {
      victim.receive(TestPackets.packet(p).message(1 + p, kilobyte, 0).bytes());
      assertTrue(victim.waitingBytes() <= 4_000, "waiting bytes " + victim.waitingBytes());
    }
    // A flood of tiny ones up to the window, each waiting for the one before it: bounded by
    // the window. Past the window they are rejected.
    int packet = packets;
    for (int sequence = 30; sequence < capped.window(); sequence++) {
      victim.receive(
          TestPackets.packet(packet++).message(sequence, new byte[0], sequence - 1).bytes());
    }
    for (int sequence = capped.window(); sequence < 3 * capped.window(); sequence++) {
      byte[] pastTheWindow =
          TestPackets.packet(packet++).message(sequence, new byte[0], sequence - 1).bytes();
      ProtocolException thrown =
          assertThrows(ProtocolException.class, () -> victim.receive(pastTheWindow));
      assertEquals(ProtocolError.MESSAGE_OUTSIDE_WINDOW, thrown.error());
    }

    assertTrue(log.sequences.isEmpty(), "nothing executed");
    assertEquals(4, victim.waitingBytes() / 1_000, "four kilobyte messages fit under the cap");
    assertEquals(packets - 4, victim.counters().refusedMessages());
    assertTrue(victim.waitingMessages() <= capped.window());
    assertTrue(victim.graphNodes() <= capped.window());

    PacketDecoder ack = TestPackets.decode(victim.poll());
    for (int refused = 4; refused < packets; refused++) {
      int behind = ack.ack() - refused;
      boolean acknowledged =
          behind == 0 || (behind > 0 && behind <= 32 && (ack.ackBits() & (1 << (behind - 1))) != 0);
      assertTrue(
          !acknowledged,
          "packet " + refused + " carried a dropped message and must not be acknowledged");
    }
  }
}
