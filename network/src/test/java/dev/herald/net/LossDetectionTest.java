package dev.herald.net;

import static dev.herald.net.TestPackets.deliver;
import static dev.herald.net.TestPackets.drain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Loss found from acknowledgements and the measured round trip, as RFC 9002 finds it, on a link the
 * test carries packets over by hand with a clock it moves: a lost message is resent once a packet
 * sent three later is acknowledged, or once a later one is and 9/8 of the round trip has passed; a
 * loss nothing later reveals waits for the probe timeout, which comes from the round trip with no
 * fixed floor unless one is configured.
 */
class LossDetectionTest {

  /** A floor no test waits for: whatever is resent before it was not resent by the timeout. */
  private static final Duration FLOOR = Duration.ofSeconds(1);

  private final ManualTicker clock = new ManualTicker();
  private final ExecutionLog atB = new ExecutionLog();

  private Connection a;
  private Connection b;

  private void connect(ConnectionConfig config) {
    a = new Connection(config, TestPackets.TOKEN, clock, new ExecutionLog());
    b = new Connection(config, TestPackets.TOKEN, clock, atB);
  }

  /**
   * Sends {@code count} messages from a to b one by one, each answered before the next, over {@code
   * oneWay}.
   */
  private void measureRoundTrip(int count, Duration oneWay) throws ProtocolException {
    for (int i = 0; i < count; i++) {
      a.send(new byte[] {(byte) i});
      List<byte[]> packets = drain(a);
      clock.advance(oneWay);
      deliver(packets, b);
      List<byte[]> acknowledgements = drain(b);
      clock.advance(oneWay);
      deliver(acknowledgements, a);
    }
  }

  /** Sends one message in a packet of its own that never arrives; returns the message's number. */
  private int sendAndLose() {
    MessageDependency handle = a.send(new byte[] {'L'});
    assertEquals(1, drain(a).size());
    return handle.sequence();
  }

  /**
   * Sends one message in a packet of its own that arrives, and brings b's acknowledgement back at
   * once.
   */
  private void sendAndAcknowledge() throws ProtocolException {
    a.send(new byte[] {'K'});
    deliver(drain(a), b);
    deliver(drain(b), a);
  }

  private static List<Integer> messagesIn(List<byte[]> packets) {
    List<Integer> numbers = new ArrayList<>();
    for (byte[] packet : packets) {
      PacketDecoder decoded = TestPackets.decode(packet);
      for (int i = 0; i < decoded.messageCount(); i++) {
        numbers.add(decoded.number(i));
      }
    }
    return numbers;
  }

  @Test
  void lostMessageIsResentOnceAPacketSentThreeLaterIsAcknowledgedWithoutWaitingForAnyTimer()
      throws ProtocolException {
    connect(ConnectionConfig.defaults().withRetransmitFloor(FLOOR));
    int lost = sendAndLose();
    sendAndAcknowledge();
    sendAndAcknowledge();
    assertEquals(
        List.of(),
        messagesIn(drain(a)),
        "two later packets acknowledged: reordering, not yet loss");

    sendAndAcknowledge();
    List<byte[]> resent = drain(a);

    assertEquals(List.of(lost), messagesIn(resent));
    assertEquals(0, clock.nanoTime(), "no time passed: no timer resent it");
    assertEquals(1, a.counters().packetsLost());
    assertEquals(1, a.counters().retransmissions());
    deliver(resent, b);
    assertEquals(4, atB.sequences.size(), "every message executed");
  }

  @Test
  void lostMessageIsResentNineEighthsOfTheRoundTripAfterItWasSentOnceALaterPacketIsAcknowledged()
      throws ProtocolException {
    connect(ConnectionConfig.defaults().withRetransmitFloor(FLOOR));
    measureRoundTrip(20, Duration.ofMillis(8)); // a round trip of 16 ms: lost after 18 ms
    assertEquals(FLOOR, a.retransmitTimeout(), "the timeout stays at the floor, far off");
    int lost = sendAndLose();
    clock.advance(Duration.ofMillis(1));
    a.send(new byte[] {'K'});
    List<byte[]> later = drain(a);
    clock.advance(Duration.ofMillis(8));
    deliver(later, b);
    List<byte[]> acknowledgement = drain(b);
    clock.advance(Duration.ofMillis(8));
    deliver(acknowledgement, a); // 17 ms after the loss
    assertEquals(
        List.of(),
        messagesIn(drain(a)),
        "one later packet acknowledged, 17 ms after: not yet lost");

    clock.advance(Duration.ofMillis(1)); // 18 ms: 9/8 of the round trip
    List<byte[]> resent = drain(a);

    assertEquals(List.of(lost), messagesIn(resent));
    assertEquals(1, a.counters().packetsLost());
  }

  @Test
  void lossAtTheTailIsResentAfterTheProbeTimeoutOfTheRoundTripNotAfterAFixedFloor()
      throws ProtocolException {
    connect(ConnectionConfig.defaults());
    measureRoundTrip(20, Duration.ofMillis(1)); // a round trip of 2 ms
    Duration timeout = a.retransmitTimeout();
    assertTrue(
        timeout.compareTo(Duration.ofMillis(4)) < 0,
        "2 ms plus the 1 ms granularity, about: " + timeout);
    int lost = sendAndLose();

    clock.advance(timeout.minusNanos(1));
    assertEquals(List.of(), messagesIn(drain(a)), "nothing says it was lost before the timeout");
    clock.advance(Duration.ofNanos(1));
    List<byte[]> resent = drain(a);

    assertEquals(List.of(lost), messagesIn(resent));
    assertEquals(0, a.counters().packetsLost(), "found by the timeout, not by acknowledgements");
    deliver(resent, b);
    assertEquals(21, atB.sequences.size());
  }

  @Test
  void configuredFloorHoldsTheTimeoutBackButNotLossThatAcknowledgementsReveal()
      throws ProtocolException {
    Duration floor = Duration.ofMillis(50);
    connect(ConnectionConfig.defaults().withRetransmitFloor(floor));
    measureRoundTrip(20, Duration.ofMillis(1));
    assertEquals(floor, a.retransmitTimeout());
    int atTheTail = sendAndLose();
    clock.advance(floor.minusNanos(1));
    assertEquals(List.of(), messagesIn(drain(a)), "a tail loss waits for the floor");
    clock.advance(Duration.ofNanos(1));
    assertEquals(List.of(atTheTail), messagesIn(drain(a)));

    int revealed = sendAndLose();
    sendAndAcknowledge();
    sendAndAcknowledge();
    sendAndAcknowledge();
    assertEquals(List.of(revealed), messagesIn(drain(a)), "found by acknowledgements, at once");
  }

  @Test
  void lostMessagesAreResentAheadOfNewOnes() throws ProtocolException {
    connect(ConnectionConfig.defaults().withRetransmitFloor(FLOOR));
    int lost = sendAndLose();
    sendAndAcknowledge();
    sendAndAcknowledge();
    a.send(new byte[] {'K'});
    List<byte[]> third = drain(a);
    MessageDependency newer = a.send(new byte[] {'N'}); // queued before the loss is known
    deliver(third, b); // the packet that reveals the loss ...
    deliver(drain(b), a); // ... acknowledged

    List<Integer> sent = messagesIn(drain(a));

    assertEquals(List.of(lost, newer.sequence()), sent, "the lost message first, then the new one");
  }

  @Test
  void messageResentSinceItsPacketWentOutIsNotResentAgainWhenThatPacketIsDeclaredLost()
      throws ProtocolException {
    connect(ConnectionConfig.defaults());
    measureRoundTrip(20, Duration.ofMillis(1));
    Duration timeout = a.retransmitTimeout();
    int lost = sendAndLose();
    clock.advance(timeout.dividedBy(2));
    List<byte[]> later = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      a.send(new byte[] {'K'});
      later.addAll(drain(a));
    }
    clock.advance(timeout.minus(timeout.dividedBy(2)));
    assertEquals(
        List.of(lost), messagesIn(drain(a)), "the timeout resends it: a second copy, on its way");

    deliver(later, b); // three packets sent after the first copy ...
    deliver(drain(b), a); // ... acknowledged: its packet counts as lost

    assertEquals(1, a.counters().packetsLost());
    assertEquals(List.of(), messagesIn(drain(a)), "the newer copy's packet is not known lost");
    assertEquals(1, a.counters().retransmissions());
  }
}
