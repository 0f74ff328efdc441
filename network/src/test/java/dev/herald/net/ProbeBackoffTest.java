package dev.herald.net;

import static dev.herald.net.TestPackets.deliver;
import static dev.herald.net.TestPackets.drain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The probe timeout backs off as RFC 9002 has it: a receiver that stops reading for seconds (a
 * garbage collection, a slow frame) is sent one small probe per timeout, each timeout twice the one
 * before, instead of every message in flight at every timeout; an acknowledgement brings the
 * timeout back to the round trip's. On a LAN-scale round trip, with a clock the test moves.
 */
class ProbeBackoffTest {

  private static final Duration ONE_WAY = Duration.ofNanos(250_000);
  private static final Duration TICK = Duration.ofMillis(1);
  private static final int IN_FLIGHT = 100;

  /** Messages of 200 bytes: about five to a packet, so 100 fill some twenty packets. */
  private static final int PAYLOAD = 200;

  /** The most datagrams a four-second pause may cost the sender: probes and keep-alives. */
  private static final int PAUSE_BUDGET = 40;

  private final ManualTicker clock = new ManualTicker();
  private final ExecutionLog atA = new ExecutionLog();
  private final ExecutionLog atB = new ExecutionLog();
  private Connection a;
  private Connection b;
  private int mostMessagePacketsInATick;

  private void connect(ConnectionConfig config) throws ProtocolException {
    a = new Connection(config, TestPackets.TOKEN, clock, atA);
    b = new Connection(config, TestPackets.TOKEN, clock, atB);
    for (int i = 0; i < 20; i++) {
      a.send(new byte[] {(byte) i});
      exchangeOnce();
    }
    atB.sequences.clear();
  }

  /** Carries what a has to b and b's answer back, each over the one-way delay. */
  private void exchangeOnce() throws ProtocolException {
    List<byte[]> packets = drain(a);
    clock.advance(ONE_WAY);
    deliver(packets, b);
    List<byte[]> answers = drain(b);
    clock.advance(ONE_WAY);
    deliver(answers, a);
  }

  private List<Integer> sendInFlight() {
    List<Integer> sent = new ArrayList<>();
    for (int i = 0; i < IN_FLIGHT; i++) {
      byte[] payload = new byte[PAYLOAD];
      payload[0] = (byte) i;
      sent.add(a.send(payload).sequence());
    }
    return sent;
  }

  /**
   * Runs a alone for {@code pause} in ticks, b reading nothing; returns what a sent, in order, and
   * the times of the packets that carried messages.
   */
  private List<byte[]> pauseReceiver(Duration pause, List<Long> messagePacketTimes) {
    List<byte[]> sent = new ArrayList<>();
    for (long t = 0; t < pause.toNanos(); t += TICK.toNanos()) {
      clock.advance(TICK);
      a.update();
      int messagePackets = 0;
      for (byte[] packet : drain(a)) {
        sent.add(packet);
        if (TestPackets.decode(packet).messageCount() > 0) {
          messagePackets++;
          messagePacketTimes.add(clock.nanoTime());
        }
      }
      mostMessagePacketsInATick = Math.max(mostMessagePacketsInATick, messagePackets);
    }
    return sent;
  }

  /** Exchanges until a knows every message executed; bounded. */
  private void recover() throws ProtocolException {
    for (int round = 0; round < 10_000; round++) {
      if (a.sendWindowAvailable() == a.config().window()) {
        return;
      }
      clock.advance(TICK);
      a.update();
      b.update();
      exchangeOnce();
      deliver(drain(b), a);
    }
    throw new AssertionError("never recovered: " + a.sendWindowAvailable() + " free");
  }

  private void assertEachExecutedOnce(List<Integer> sent) {
    assertEquals(sent.size(), atB.sequences.size(), "executed: " + atB.sequences);
    Set<Integer> distinct = new HashSet<>(atB.sequences);
    assertEquals(new HashSet<>(sent), distinct);
    assertNull(a.failure());
    assertNull(b.failure());
  }

  @Test
  void receiverPausedForFourSecondsCostsAHandfulOfDatagramsAndEverythingExecutesOnceAfter()
      throws ProtocolException {
    connect(ConnectionConfig.defaults());
    List<Integer> sent = sendInFlight();
    List<byte[]> held = drain(a); // in the receiver's socket buffer, unread
    long packetsBefore = a.counters().packetsSent();
    long resentBefore = a.counters().retransmissions();
    long probesBefore = a.counters().probes();

    held.addAll(pauseReceiver(Duration.ofSeconds(4), new ArrayList<>()));

    long datagrams = a.counters().packetsSent() - packetsBefore;
    assertTrue(
        datagrams <= PAUSE_BUDGET,
        datagrams
            + " datagrams and "
            + (a.counters().retransmissions() - resentBefore)
            + " resent messages in "
            + (a.counters().probes() - probesBefore)
            + " probes while the receiver slept");
    assertEquals(1, mostMessagePacketsInATick, "a probe is one datagram");
    assertNull(a.failure(), "four seconds of silence are within the connection timeout");
    clock.advance(ONE_WAY);
    deliver(held, b); // it wakes and reads its buffer
    deliver(drain(b), a);
    recover();
    assertEachExecutedOnce(sent);
  }

  @Test
  void whatAPausedReceiverDroppedIsResentOnceItAnswersAgain() throws ProtocolException {
    connect(ConnectionConfig.defaults());
    List<Integer> sent = sendInFlight();
    drain(a); // its socket buffer overflowed: all lost
    long packetsBefore = a.counters().packetsSent();

    pauseReceiver(Duration.ofSeconds(4), new ArrayList<>()); // and so is everything after

    assertTrue(a.counters().packetsSent() - packetsBefore <= PAUSE_BUDGET);
    recover();
    assertEachExecutedOnce(sent);
  }

  @Test
  void eachProbeWaitsTwiceAsLongAsTheOneBeforeUpToTheLargestTimeout() throws ProtocolException {
    ConnectionConfig config =
        ConnectionConfig.defaults().withConnectionTimeout(Duration.ofSeconds(60));
    connect(config);
    Duration base = a.retransmitTimeout();
    sendInFlight();
    drain(a);
    long sentAt = clock.nanoTime();
    List<Long> probes = new ArrayList<>();

    pauseReceiver(Duration.ofSeconds(40), probes);

    assertTrue(probes.size() >= 10, "probes: " + probes.size());
    long cap = config.maxRetransmitTimeout().toNanos();
    long expected = base.toNanos();
    long previous = probes.get(0);
    long first = previous - sentAt;
    assertTrue(
        first >= expected && first < expected + TICK.toNanos(),
        "first probe " + first + " ns after the send, expected " + expected);
    for (int i = 1; i < probes.size(); i++) {
      expected = Math.min(cap, expected * 2);
      long gap = probes.get(i) - previous;
      assertTrue(
          gap >= expected && gap <= expected + TICK.toNanos(),
          "probe " + i + " came " + gap + " ns after the one before, expected " + expected);
      previous = probes.get(i);
    }
    assertEquals(cap, probes.get(probes.size() - 1) - probes.get(probes.size() - 2));
  }

  @Test
  void anAcknowledgementBringsTheProbeTimeoutBackToTheRoundTrips() throws ProtocolException {
    connect(ConnectionConfig.defaults());
    Duration base = a.retransmitTimeout();
    List<Integer> sent = sendInFlight();
    List<byte[]> held = drain(a);
    held.addAll(pauseReceiver(Duration.ofSeconds(2), new ArrayList<>()));
    deliver(held, b);
    deliver(drain(b), a);
    recover();
    assertEachExecutedOnce(sent);

    int lost = a.send(new byte[] {'L'}).sequence();
    drain(a); // lost at the tail
    clock.advance(a.retransmitTimeout());
    List<byte[]> probe = drain(a);

    assertEquals(1, probe.size(), "probed after " + base + ", not after the backed-off timeout");
    assertEquals(lost, TestPackets.decode(probe.get(0)).number(0));
  }

  @Test
  void aPeerThatAcknowledgesKeepAlivesButNoMessageDoesNotUndoTheBackoff() throws ProtocolException {
    connect(ConnectionConfig.defaults());
    sendInFlight();
    drain(a); // lost, and every copy after
    long probesBefore = a.counters().probes();
    int answer = 1_000;
    for (int millisecond = 0; millisecond < 4_000; millisecond++) {
      clock.advance(TICK);
      a.update();
      for (byte[] packet : drain(a)) {
        PacketDecoder sent = TestPackets.decode(packet);
        if (sent.messageCount() == 0) { // a keep-alive: answered, as a live peer answers
          a.receive(TestPackets.packetWithAck(answer++, sent.packetSequence(), 0).bytes());
        }
      }
    }

    long probes = a.counters().probes() - probesBefore;
    assertTrue(answer > 1_000, "keep-alives were answered");
    assertTrue(probes <= 15, probes + " probes: answered keep-alives reset the backoff");
    assertNull(a.failure());
  }

  @Test
  void aPathThatDropsEveryPacketWithMessagesIsProbedNotFlooded() throws ProtocolException {
    connect(ConnectionConfig.defaults());
    List<Integer> sent = sendInFlight();
    int firstCopies = drain(a).size(); // large datagrams vanish on this path, small ones pass
    int messagePackets = 0;
    for (int millisecond = 0; millisecond < 10_000; millisecond++) {
      clock.advance(TICK);
      a.update();
      b.update();
      for (byte[] packet : drain(a)) {
        if (TestPackets.decode(packet).messageCount() > 0) {
          messagePackets++;
        } else {
          b.receive(packet);
        }
      }
      deliver(drain(b), a); // b answers the keep-alives, which reveal every copy lost
    }

    // One resend of what was in flight, then backed-off probes: not a copy of it at every
    // keep-alive answered (some 40 keep-alives in 10 s).
    assertTrue(
        messagePackets <= 2 * firstCopies,
        messagePackets + " datagrams with messages, " + firstCopies + " in flight");
    assertNull(a.failure(), "ten seconds are within the message timeout");
    recover(); // the path heals
    assertEachExecutedOnce(sent);
  }
}
