package dev.herald.net;

import static dev.herald.net.TestPackets.deliver;
import static dev.herald.net.TestPackets.drain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A connection with a bandwidth budget, on a link the test carries packets over by hand with a
 * clock it moves: what it sends stays within the budget over every stretch of time, what does not
 * fit waits in a bounded queue and a full queue is reported, and snapshots yield to reliable
 * messages and replace each other.
 */
class BandwidthBudgetTest {

  private static final long BUDGET = 100_000;
  private static final Duration STEP = Duration.ofMillis(1);

  private final ManualTicker clock = new ManualTicker();
  private final ExecutionLog atB = new ExecutionLog();
  private final ConnectionConfig config = ConnectionConfig.defaults().withBandwidth(BUDGET);
  private final Connection a = new Connection(config, TestPackets.TOKEN, clock, new ExecutionLog());
  private final Connection b = new Connection(config, TestPackets.TOKEN, clock, atB);

  /** When each of a's datagrams left, and its bytes on the link. */
  private final List<long[]> sentByA = new ArrayList<>();

  private void step() throws ProtocolException {
    clock.advance(STEP);
    List<byte[]> fromA = drain(a);
    for (byte[] packet : fromA) {
      sentByA.add(new long[] {clock.nanoTime(), packet.length + BandwidthBudget.DATAGRAM_OVERHEAD});
    }
    deliver(fromA, b);
    deliver(drain(b), a);
  }

  @Test
  void whatIsSentNeverExceedsTheBudgetOverAnyStretchOfTimeAndUsesMostOfIt()
      throws ProtocolException {
    int accepted = 0;
    for (int millisecond = 0; millisecond < 2_000; millisecond++) {
      for (int i = 0; i < 50; i++) { // 50 messages of 100 bytes a millisecond: 50 times the budget
        if (a.trySend(new MessageDependency(), new byte[100]) == SendStatus.ACCEPTED) {
          accepted++;
        }
      }
      step();
    }
    long floodEnded = clock.nanoTime();
    for (int millisecond = 0;
        millisecond < 10_000 && atB.sequences.size() < accepted;
        millisecond++) {
      step();
    }

    assertEquals(accepted, atB.sequences.size(), "every accepted message executed");
    long maxDatagram = config.maxPacketSize() + BandwidthBudget.DATAGRAM_OVERHEAD;
    for (int from = 0; from < sentByA.size(); from++) {
      long bytes = 0;
      for (int to = from; to < sentByA.size(); to++) {
        bytes += sentByA.get(to)[1];
        long nanos = sentByA.get(to)[0] - sentByA.get(from)[0];
        long allowed = BUDGET * nanos / 1_000_000_000L + maxDatagram;
        assertTrue(bytes <= allowed, bytes + " bytes sent in " + nanos + " ns, allowed " + allowed);
      }
    }
    long total = 0;
    for (long[] sent : sentByA) {
      total += sent[0] <= floodEnded ? sent[1] : 0;
    }
    assertTrue(total >= BUDGET * 2 * 9 / 10, "paced, not starved: " + total + " bytes in 2 s");
    assertTrue(a.counters().queueFullRefusals() > 0, "the sender was told to wait");
  }

  @Test
  void fullQueueIsReportedAndNothingAcceptedIsDropped() throws ProtocolException {
    ConnectionConfig small = config.withMaxQueuedBytes(2_000);
    Connection sender = new Connection(small, TestPackets.TOKEN, clock, new ExecutionLog());
    int accepted = 0;
    SendStatus status;
    while ((status = sender.trySend(new MessageDependency(), new byte[100]))
        == SendStatus.ACCEPTED) {
      accepted++;
    }
    assertEquals(SendStatus.QUEUE_FULL, status);
    assertEquals(20, accepted, "2,000 bytes of 100-byte payloads");
    assertEquals(2_000, sender.queuedBytes());
    assertEquals(1, sender.counters().queueFullRefusals());
    assertThrows(
        IllegalStateException.class,
        () -> sender.send(new byte[100]),
        "send says so as an exception");

    List<byte[]> first = drain(sender); // one packet now; the rest wait for the budget
    assertEquals(1, first.size());
    assertTrue(sender.queuedBytes() < 2_000, "the packet took some out of the queue");
    assertEquals(
        SendStatus.ACCEPTED, sender.trySend(new MessageDependency(), new byte[100]), "room again");
    List<byte[]> all = new ArrayList<>(first);
    for (int i = 0; i < 100 && sender.queuedBytes() > 0; i++) {
      clock.advance(STEP);
      all.addAll(drain(sender));
    }
    deliver(all, b);
    assertEquals(accepted + 1, atB.sequences.size(), "every accepted message arrived");
  }

  @Test
  void snapshotWaitingForTheBudgetIsReplacedByANewerOneNotQueued() throws ProtocolException {
    a.send(new byte[1_000]);
    assertEquals(1, drain(a).size()); // the budget is spent for about 10 ms
    byte[] into = new byte[config.maxPacketSize()];
    for (int i = 1; i <= 3; i++) {
      a.offerSnapshot(new byte[] {(byte) i, 0, 0}, 0, 3);
      assertEquals(-1, a.pollSnapshot(into, 0, 0), "no room yet");
    }
    clock.advance(Duration.ofMillis(20));

    assertEquals(3, a.pollSnapshot(into, 0, 0));
    assertEquals(3, into[0], "the latest one");
    assertEquals(-1, a.pollSnapshot(into, 0, 0), "and only it: nothing was queued");
    assertEquals(2, a.counters().snapshotsReplaced());
    assertEquals(1, a.counters().snapshotsSent());
  }

  @Test
  void snapshotYieldsToReliableMessagesWhenTheBudgetIsShort() throws ProtocolException {
    for (int i = 0; i < 5; i++) {
      a.send(new byte[1_000]); // five packets' worth: about 50 ms of budget
    }
    a.offerSnapshot(new byte[] {7}, 0, 1);
    byte[] into = new byte[config.maxPacketSize()];
    int reliablePackets = 0;
    int snapshotAfter = -1;
    for (int millisecond = 0; millisecond < 200 && snapshotAfter < 0; millisecond++) {
      // as a node flushes: reliable packets first, the snapshot once they are all out
      reliablePackets += drain(a).size();
      if (a.pollSnapshot(into, 0, 0) >= 0) {
        snapshotAfter = reliablePackets;
      }
      clock.advance(STEP);
    }

    assertEquals(5, snapshotAfter, "the snapshot left after the five reliable packets");
    assertArrayEquals(new byte[] {7}, java.util.Arrays.copyOf(into, 1));
  }

  @Test
  void withoutABudgetNothingWaitsAndNothingIsRefused() {
    Connection free =
        new Connection(ConnectionConfig.defaults(), TestPackets.TOKEN, clock, new ExecutionLog());
    for (int i = 0; i < 1_000; i++) {
      assertEquals(SendStatus.ACCEPTED, free.trySend(new MessageDependency(), new byte[1_000]));
    }
    assertEquals(1_000, drain(free).size(), "a thousand packets at once");
  }
}
