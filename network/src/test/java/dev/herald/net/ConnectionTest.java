package dev.herald.net;

import static dev.herald.net.TestPackets.deliver;
import static dev.herald.net.TestPackets.drain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionTest {

  private static final Duration TICK = Duration.ofMillis(10);

  /**
   * A link whose retransmission timeouts are short: the message and wait timeouts are the minimum.
   */
  private static final ConnectionConfig FAST_LINK =
      ConnectionConfig.defaults()
          .withRetransmitTimeout(
              Duration.ofMillis(100), Duration.ofMillis(50), Duration.ofMillis(150));

  private final ManualTicker clock = new ManualTicker();
  private final ExecutionLog atA = new ExecutionLog();
  private final ExecutionLog atB = new ExecutionLog();
  private final Connection a =
      new Connection(ConnectionConfig.defaults(), TestPackets.TOKEN, clock, atA);
  private final Connection b =
      new Connection(ConnectionConfig.defaults(), TestPackets.TOKEN, clock, atB);

  /** Sends {@code messages} from a to b, each once the one before is acknowledged. */
  private void sendOneByOne(int messages, Duration oneWay) throws ProtocolException {
    for (int i = 0; i < messages; i++) {
      a.send(bytes(i));
      List<byte[]> packets = drain(a);
      clock.advance(oneWay);
      deliver(packets, b);
      List<byte[]> acknowledgements = drain(b);
      clock.advance(oneWay);
      deliver(acknowledgements, a);
    }
  }

  private static Duration min(Duration x, Duration y) {
    return x.compareTo(y) <= 0 ? x : y;
  }

  private static byte[] only(List<byte[]> packets) {
    assertEquals(1, packets.size(), "packets");
    return packets.get(0);
  }

  private static byte[] bytes(int... values) {
    byte[] result = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      result[i] = (byte) values[i];
    }
    return result;
  }

  @Test
  void roundTripIsUnknownUntilAnAcknowledgementThenTheSmoothedSamples() throws ProtocolException {
    assertNull(a.roundTrip(), "nothing acknowledged yet");

    sendOneByOne(1, Duration.ofMillis(40));
    assertEquals(Duration.ofMillis(80), a.roundTrip(), "the first sample, as it is");
    sendOneByOne(1, Duration.ofMillis(120));

    // RFC 9002: smoothed = 7/8 smoothed + 1/8 sample
    assertEquals(Duration.ofMillis(7 * 80 / 8 + 240 / 8), a.roundTrip());
  }

  @Test
  void deliversPayloadsInDependencyOrderOverAPerfectLink() throws ProtocolException {
    MessageDependency first = a.send(bytes(1));
    MessageDependency second = a.send(bytes(2), first);
    a.send(bytes(3), second, first);

    deliver(drain(a), b);

    assertEquals(List.of(0, 1, 2), atB.sequences);
    assertArrayEquals(bytes(3), atB.payloads.get(2));
  }

  @Test
  void acknowledgedMessageIsNotKnownExecutedWhileItsDependencyIsMissing() throws ProtocolException {
    MessageDependency lostA = a.send(bytes('A'));
    byte[] packetWithA = only(drain(a));
    MessageDependency bOnA = a.send(bytes('B'), lostA);
    deliver(drain(a), b); // B arrives, A was lost
    deliver(drain(b), a); // B is acknowledged

    assertTrue(atB.sequences.isEmpty(), "B must wait for A");
    assertFalse(bOnA.isKnownExecuted(), "acknowledged means received, not executed");

    a.send(bytes('C'), bOnA);
    byte[] packetWithC = only(drain(a));
    PacketDecoder wire = TestPackets.decode(packetWithC);
    assertEquals(1, wire.messageCount());
    assertEquals(2, wire.number(0));
    assertEquals(1, wire.dependencyCount(0), "C must still name B, which is not known executed");
    assertEquals(1, wire.dependency(0, 0));

    b.receive(packetWithC);
    assertTrue(atB.sequences.isEmpty(), "C must not run before A");

    b.receive(packetWithA); // the retransmission, in effect
    assertEquals(List.of(0, 1, 2), atB.sequences);
    deliver(drain(b), a);
    assertTrue(lostA.isKnownExecuted());
    assertTrue(bOnA.isKnownExecuted());
  }

  @Test
  void lostAcknowledgementLeadsToARetransmissionThatIsAcknowledgedAgainAndNotExecutedTwice()
      throws ProtocolException {
    MessageDependency message = a.send(bytes(7));
    deliver(drain(a), b);
    assertEquals(List.of(0), atB.sequences);
    drain(b); // the acknowledgement is lost

    clock.advance(a.retransmitTimeout());
    List<byte[]> retransmission = drain(a);
    assertEquals(1, a.counters().retransmissions());
    deliver(retransmission, b);
    deliver(drain(b), a);

    assertEquals(List.of(0), atB.sequences, "executed once");
    assertEquals(1, b.counters().duplicateMessages());
    assertTrue(message.isKnownExecuted());
    clock.advance(a.retransmitTimeout().multipliedBy(10));
    assertTrue(
        drain(a).stream().allMatch(p -> TestPackets.decode(p).messageCount() == 0),
        "nothing left to resend");
  }

  @Test
  void packetReplayedAfterTheHistoryIsReadAsLateAndExecutesNothing() throws ProtocolException {
    a.send(bytes(1));
    byte[] old = only(drain(a));
    b.receive(old);
    for (int i = 0; i <= ReceivedPackets.HISTORY; i++) {
      a.send(bytes(2));
      deliver(drain(a), b);
    }
    int executedBefore = atB.sequences.size();

    b.receive(old);

    assertEquals(executedBefore, atB.sequences.size());
    assertEquals(1, b.counters().latePackets());
    assertEquals(1, b.counters().duplicateMessages());
  }

  @Test
  void packetReplayedAfterTheSequenceNumbersWrappedExecutesNothing() throws ProtocolException {
    a.send(bytes(1));
    byte[] old = only(drain(a));
    b.receive(old);
    deliver(drain(b), a);
    int messages = SequenceNumbers.RANGE + 10;
    for (int i = 1; i < messages; i++) {
      a.send(bytes(2));
      deliver(drain(a), b);
      deliver(drain(b), a);
    }
    assertEquals(messages, atB.sequences.size());

    b.receive(old); // message 0 again, now that a new message 0 has executed too

    assertEquals(messages, atB.sequences.size(), "the replayed message did not execute");
    assertEquals(1, b.counters().duplicateMessages());
  }

  @Test
  void recentDuplicatePacketIsCountedAndNotExecutedAgain() throws ProtocolException {
    a.send(bytes(1));
    byte[] packet = only(drain(a));
    b.receive(packet);
    b.receive(packet);
    assertEquals(List.of(0), atB.sequences);
    assertEquals(1, b.counters().duplicatePackets());
  }

  @Test
  void sendRefusesPastTheWindowUntilTheOldestMessageIsKnownExecuted() throws ProtocolException {
    Connection small =
        new Connection(ConnectionConfig.defaults().withWindow(4), TestPackets.TOKEN, clock, atA);
    Connection peer =
        new Connection(ConnectionConfig.defaults().withWindow(4), TestPackets.TOKEN, clock, atB);
    small.send(bytes(0));
    byte[] first = only(drain(small)); // lost
    for (int i = 1; i < 4; i++) {
      small.send(bytes(i));
    }
    assertEquals(0, small.sendWindowAvailable());
    MessageDependency refused = new MessageDependency();
    assertEquals(SendStatus.WINDOW_FULL, small.trySend(refused, bytes(4)));
    assertFalse(refused.isFilled(), "a refused message is not queued");
    assertThrows(IllegalStateException.class, () -> small.send(bytes(4)));

    deliver(drain(small), peer);
    deliver(drain(peer), small);
    assertEquals(
        SendStatus.WINDOW_FULL,
        small.trySend(refused, bytes(4)),
        "later messages acknowledged, but the oldest is not, so the window has not moved");

    peer.receive(first);
    deliver(drain(peer), small);
    assertEquals(4, small.sendWindowAvailable());
    assertEquals(SendStatus.ACCEPTED, small.trySend(refused, bytes(4)));
  }

  @Test
  void dependencyHeaderShrinksToTheSequenceNumberOnceDependenciesAreKnownExecuted()
      throws ProtocolException {
    MessageDependency root = a.send(bytes(1));
    deliver(drain(a), b);
    deliver(drain(b), a);
    assertTrue(root.isKnownExecuted());
    long headerBefore = a.counters().headerBytesSent();

    a.send(bytes(2), root);

    PacketDecoder wire = TestPackets.decode(only(drain(a)));
    assertEquals(0, wire.dependencyCount(0));
    assertEquals(2, a.counters().headerBytesSent() - headerBefore);
  }

  @Test
  void permanentGapFailsTheConnectionAfterTheMessageTimeoutAndFreesTheGraph()
      throws ProtocolException {
    ConnectionConfig config = FAST_LINK.withConnectionTimeout(Duration.ofSeconds(2));
    Connection receiver = new Connection(config, TestPackets.TOKEN, clock, atB);
    int baselineNodes = receiver.graphNodes();
    long arrived = clock.nanoTime();
    receiver.receive(TestPackets.packet(0).message(1, bytes(1), 0).message(2, bytes(2), 1).bytes());
    assertEquals(2, receiver.waitingMessages());

    long failedAt = -1;
    for (int packet = 1; packet < 1_000 && failedAt < 0; packet++) {
      clock.advance(TICK);
      receiver.receive(
          TestPackets.packet(packet).bytes()); // the peer is alive, message 0 never comes
      receiver.update();
      if (receiver.failure() != null) {
        failedAt = clock.nanoTime();
      }
    }

    assertEquals(ConnectionError.DEPENDENCY_NEVER_ARRIVED, receiver.failure());
    assertEquals(
        config.minMessageTimeout(),
        receiver.waitTimeout(),
        "a fast link gives up after the minimum");
    long expected = arrived + config.minMessageTimeout().toNanos();
    assertTrue(
        Math.abs(failedAt - expected) <= TICK.toNanos(),
        "failed at " + failedAt + " ns, expected " + expected + " ± " + TICK);
    assertTrue(atB.sequences.isEmpty(), "nothing that depends on the gap executed");
    assertEquals(1, atB.errorCount);
    assertEquals(baselineNodes, receiver.graphNodes());
    assertEquals(0, receiver.waitingMessages());
    assertEquals(0, receiver.waitingBytes());
    assertNull(receiver.poll(), "a failed connection sends nothing");
  }

  @Test
  void silentPeerFailsTheConnectionAfterTheTimeout() {
    ConnectionConfig config =
        ConnectionConfig.defaults().withConnectionTimeout(Duration.ofSeconds(1));
    Connection lonely = new Connection(config, TestPackets.TOKEN, clock, atA);
    clock.advance(Duration.ofMillis(999));
    lonely.update();
    assertNull(lonely.failure());
    clock.advance(Duration.ofMillis(1));
    lonely.update();
    assertEquals(ConnectionError.PEER_SILENT, lonely.failure());
    assertEquals(SendStatus.CONNECTION_FAILED, lonely.trySend(new MessageDependency(), bytes(1)));
  }

  @Test
  void idleConnectionsKeepEachOtherAliveWithEmptyPackets() throws ProtocolException {
    for (int tick = 0; tick < 2_000; tick++) {
      clock.advance(TICK);
      deliver(drain(a), b);
      deliver(drain(b), a);
      a.update();
      b.update();
    }
    assertNull(a.failure());
    assertNull(b.failure());
  }

  @Test
  void dependencyOnAHandleOfAnotherConnectionIsRefused() {
    MessageDependency foreign = b.send(bytes(1));
    assertThrows(IllegalArgumentException.class, () -> a.send(bytes(2), foreign));
    assertThrows(IllegalArgumentException.class, () -> a.send(bytes(2), new MessageDependency()));
  }

  @Test
  void payloadLargerThanAPacketCanCarryIsRefused() {
    int max = a.config().maxPayloadSize();
    assertNotNull(a.send(new byte[max]));
    assertThrows(IllegalArgumentException.class, () -> a.send(new byte[max + 1]));
  }

  @Test
  void largestPayloadWithEveryDependencyFitsInOnePacket() throws ProtocolException {
    ConnectionConfig config = ConnectionConfig.defaults();
    MessageDependency[] handles = new MessageDependency[config.maxDependencies()];
    for (int i = 0; i < handles.length; i++) {
      handles[i] = a.send(bytes(i));
    }
    drain(a); // all lost: none known executed
    a.send(new byte[config.maxPayloadSize()], handles);
    byte[] packet = only(drain(a));
    assertTrue(packet.length <= config.maxPacketSize());
    assertEquals(config.maxDependencies(), TestPackets.decode(packet).dependencyCount(0));
  }

  @Test
  void repeatedAndExecutedHandlesAreLeftOutOfTheDependencyList() throws ProtocolException {
    MessageDependency executed = a.send(bytes(1));
    deliver(drain(a), b);
    deliver(drain(b), a);
    MessageDependency pending = a.send(bytes(2));
    drain(a);
    a.send(bytes(3), pending, executed, pending);
    PacketDecoder wire = TestPackets.decode(only(drain(a)));
    assertEquals(1, wire.dependencyCount(0));
    assertEquals(pending.sequence(), wire.dependency(0, 0));
  }

  @Test
  void throwingListenerDoesNotStopLaterMessagesFromExecuting() throws ProtocolException {
    List<Integer> seen = new ArrayList<>();
    Connection receiver =
        new Connection(
            ConnectionConfig.defaults(),
            TestPackets.TOKEN,
            clock,
            new MessageReceiver() {
              @Override
              public void onMessage(int sequence, byte[] payload) {
                seen.add(sequence);
                if (sequence == 0) {
                  throw new IllegalStateException("boom");
                }
              }
            });
    MessageDependency first = a.send(bytes(1));
    a.send(bytes(2), first);
    byte[] packet = only(drain(a));
    assertThrows(IllegalStateException.class, () -> receiver.receive(packet));
    assertEquals(List.of(0, 1), seen);
    receiver.receive(packet);
    assertEquals(List.of(0, 1), seen, "still exactly once");
  }

  @Test
  void defaultMaximumPayloadLeavesRoomForTheHeaderAndEveryDependency() {
    // 1,200 - 29 (packet header) - 2 - 32 * 2 (message header) - 2 (length field)
    assertEquals(1_103, ConnectionConfig.defaults().maxPayloadSize());
  }

  @Test
  void packetTooSmallForAMessageWithEveryDependencyIsRefused() {
    IllegalArgumentException thrown =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConnectionConfig.defaults().withMaxPacketSize(ConnectionConfig.MIN_PACKET_SIZE));
    assertTrue(
        thrown.getMessage().contains("no room for a message with 32 dependencies"),
        thrown.getMessage());
    assertEquals(
        ConnectionConfig.MIN_PACKET_SIZE,
        ConnectionConfig.defaults()
            .withMaxDependencies(1)
            .withMaxPacketSize(ConnectionConfig.MIN_PACKET_SIZE)
            .maxPacketSize());
  }

  @Test
  void messageThePeerNeverAcknowledgesFailsTheConnectionAfterTheMessageTimeout()
      throws ProtocolException {
    ConnectionConfig config = FAST_LINK.withConnectionTimeout(Duration.ofSeconds(2));
    Connection sender = new Connection(config, TestPackets.TOKEN, clock, atA);
    sender.send(bytes(1));
    long sentAt = clock.nanoTime();
    for (int packet = 0; packet < 1_000 && sender.failure() == null; packet++) {
      clock.advance(TICK);
      drain(sender);
      sender.receive(TestPackets.packet(packet).bytes()); // alive, but acknowledges nothing
      sender.update();
    }
    assertEquals(ConnectionError.MESSAGE_NEVER_ACKNOWLEDGED, sender.failure());
    assertTrue(clock.nanoTime() - sentAt - config.minMessageTimeout().toNanos() <= TICK.toNanos());
    assertEquals(1, atA.errorCount);
  }

  @Test
  void onASlowLinkTheTimeoutsFollowTheMeasuredRoundTrip() throws ProtocolException {
    sendOneByOne(20, Duration.ofMillis(1_500));

    Duration retransmit = a.retransmitTimeout();
    assertTrue(
        retransmit.compareTo(Duration.ofSeconds(3)) >= 0,
        "resends only after a round trip: " + retransmit);
    Duration probes = Duration.ZERO;
    Duration probeTimeout = retransmit;
    for (int i = 0; i < ConnectionConfig.RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP; i++) {
      probes = probes.plus(probeTimeout);
      probeTimeout = min(probeTimeout.multipliedBy(2), a.config().maxRetransmitTimeout());
    }
    assertEquals(probes, a.messageTimeout(), "16 probes, each backed off, all unanswered");
    assertTrue(a.messageTimeout().compareTo(a.config().minMessageTimeout()) > 0);
    assertTrue(
        a.waitTimeout().compareTo(a.messageTimeout()) >= 0,
        "the peer gets every try before this side stops waiting");
  }

  @Test
  void waitTimeoutIsTheLongestMessageTimeoutThePeerCanHave() {
    ConnectionConfig defaults = ConnectionConfig.defaults();
    assertEquals(Duration.ofSeconds(80), defaults.waitTimeout());
    assertEquals(
        defaults
            .maxRetransmitTimeout()
            .multipliedBy(ConnectionConfig.RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP),
        defaults.waitTimeout());
    assertEquals(FAST_LINK.minMessageTimeout(), FAST_LINK.waitTimeout());
  }

  @Test
  void sideThatOnlyAcknowledgesStillMeasuresTheRoundTrip() throws ProtocolException {
    sendOneByOne(50, Duration.ofMillis(40));
    assertEquals(0, b.counters().messagesSent(), "b sent no message");

    Duration measured = b.retransmitTimeout();
    assertTrue(
        measured.compareTo(a.config().initialRetransmitTimeout()) < 0,
        "b measured the round trip: " + measured);
    assertEquals(a.retransmitTimeout().toMillis(), measured.toMillis(), "as a did");
  }

  @Test
  void keepAlivesDoNotTimeTheRoundTrip() throws ProtocolException {
    for (int i = 0; i < 50; i++) {
      clock.advance(a.config().keepAliveInterval());
      deliver(drain(a), b);
      deliver(drain(b), a);
    }
    assertEquals(a.config().initialRetransmitTimeout(), a.retransmitTimeout());
    assertEquals(b.config().initialRetransmitTimeout(), b.retransmitTimeout());
  }
}
