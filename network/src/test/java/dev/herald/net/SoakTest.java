package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.net.testkit.LinkConditions;
import dev.herald.net.testkit.NetworkSimulator;
import dev.herald.net.testkit.SimulatedLink;
import dev.herald.time.ManualTicker;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Four wraps of the sequence numbers in each direction through a hostile simulated network, and one
 * wrap through heavy jitter, checked on the execution log: exactly once, after every dependency.
 * The hostile section adds forgers: blind ones, who do not know the token, throughout the soak; and
 * one on the path, who alters an acknowledgement once.
 */
class SoakTest {

  private static final int MESSAGES = 4 * SequenceNumbers.RANGE;
  private static final Duration TICK = Duration.ofMillis(10);
  private static final LinkConditions HOSTILE =
      LinkConditions.perfect()
          .withLoss(0.25)
          .withDuplication(0.25)
          .withReordering(0.05, Duration.ofMillis(60))
          .withLatency(Duration.ofMillis(100), Duration.ofMillis(50));

  /** Yojimbo's soak profile: a second of latency, spread over a whole second (± 500 ms). */
  private static final LinkConditions JITTER =
      LinkConditions.perfect()
          .withLoss(0.25)
          .withDuplication(0.25)
          .withLatency(Duration.ofMillis(1_000), Duration.ofMillis(500));

  private static final int JITTER_MESSAGES = SequenceNumbers.RANGE;

  /**
   * Loss in bursts (Gilbert–Elliott): a burst begins before about one packet in twenty, lasts three
   * packets on average and loses 80 % of them, beside 2 % lost at random; about 12 % in all, many
   * in a row, with duplication and 50 ± 20 ms.
   */
  private static final LinkConditions BURSTS =
      LinkConditions.perfect()
          .withLoss(0.02)
          .withBurstLoss(0.05, 0.3, 0.8)
          .withDuplication(0.10)
          .withLatency(Duration.ofMillis(50), Duration.ofMillis(20));

  @Test
  void everyMessageExecutesExactlyOnceAfterItsDependenciesThroughAHostileNetwork()
      throws ProtocolException {
    Run run = new Run(MESSAGES, 20260101L);
    run.forgeBlindly = true;
    run.toCompletion();

    run.fromA.checkExecutionLog();
    run.fromB.checkExecutionLog();
    assertNull(run.a.failure());
    assertNull(run.b.failure());
    for (SimulatedLink link : new SimulatedLink[] {run.network.aToB(), run.network.bToA()}) {
      assertTrue(link.lost() > 0, "lost");
      assertTrue(link.duplicated() > 0, "duplicated");
      assertTrue(link.heldBack() > 0, "held back");
      assertTrue(link.deliveredOutOfOrder() > 0, "reordered");
    }
    assertTrue(run.b.counters().duplicatePackets() > 0);
    assertTrue(run.a.counters().retransmissions() > 0);
    assertEquals(run.ticks, run.a.counters().foreignPackets(), "every blind forgery dropped");
    assertEquals(run.ticks, run.b.counters().foreignPackets(), "every blind forgery dropped");
  }

  @Test
  void acknowledgementAlteredOnThePathEndsTheConnectionWithoutEitherLosingOrMisorderingAMessage()
      throws ProtocolException {
    TamperedRun run = new TamperedRun(20260116L);
    long tamperedAt = run.untilTampered(300);
    run.untilBothFailed();

    assertEquals(
        ConnectionError.MESSAGE_LOST, run.b.failure(), "the receiver noticed the lost message");
    assertEquals(
        ConnectionError.PEER_SILENT, run.a.failure(), "and fell silent, so the sender failed too");
    Duration receiverNoticed = Duration.ofNanos(run.bFailedAt - tamperedAt);
    Duration senderNoticed = Duration.ofNanos(run.aFailedAt - tamperedAt);
    assertTrue(
        receiverNoticed.compareTo(Duration.ofSeconds(2)) < 0,
        "the receiver noticed after " + receiverNoticed);
    // b's last packets reach a up to one slowest delivery (150 + 60 ms) after b fell silent
    Duration slowestDelivery =
        HOSTILE.latency().plus(HOSTILE.jitter()).plus(HOSTILE.reorderDelay());
    assertTrue(
        senderNoticed.compareTo(
                receiverNoticed
                    .plus(slowestDelivery)
                    .plus(ConnectionConfig.defaults().connectionTimeout())
                    .plus(TICK))
            <= 0,
        "the sender noticed after " + senderNoticed + ", the receiver after " + receiverNoticed);
    run.fromA.checkPartialExecutionLog();
    run.fromB.checkPartialExecutionLog();
    assertTrue(run.fromA.executed > 100, "the run had got going: " + run.fromA.executed);
  }

  @Test
  void everyMessageExecutesExactlyOnceAfterItsDependenciesThroughHeavyJitter()
      throws ProtocolException {
    Run run = new Run(JITTER_MESSAGES, JITTER, ConnectionConfig.defaults(), 20260216L);
    run.toCompletion();

    run.fromA.checkExecutionLog();
    run.fromB.checkExecutionLog();
    assertNull(run.a.failure());
    assertNull(run.b.failure());
    assertTrue(
        run.a.retransmitTimeout().compareTo(Duration.ofSeconds(1)) > 0,
        "resends at the pace of the round trip: " + run.a.retransmitTimeout());
    assertTrue(
        run.a.messageTimeout().compareTo(ConnectionConfig.defaults().minMessageTimeout()) > 0,
        "gives up after more than the minimum: " + run.a.messageTimeout());
  }

  @Test
  void heavyJitterAtAHundredPacketsASecondDeliversPacketsOlderThanTheAcknowledgementHistory()
      throws ProtocolException {
    // Small packets: about a hundred a second each way, so a second of spread reorders
    // packets far past the 32 that an acknowledgement covers and the 64 remembered.
    Run run =
        new Run(
            JITTER_MESSAGES, JITTER, ConnectionConfig.defaults().withMaxPacketSize(200), 20260217L);
    run.toCompletion();

    run.fromA.checkExecutionLog();
    run.fromB.checkExecutionLog();
    assertNull(run.a.failure());
    assertNull(run.b.failure());
    long seconds = Duration.ofNanos(run.clock.nanoTime()).toSeconds();
    assertTrue(
        run.network.aToB().delivered() / seconds >= 80,
        run.network.aToB().delivered() + " packets in " + seconds + " s");
    assertTrue(
        run.b.counters().latePackets() > 1_000, "late packets: " + run.b.counters().latePackets());
    assertTrue(run.b.counters().duplicateMessages() > 0);
  }

  @Test
  void everyMessageExecutesExactlyOnceAfterItsDependenciesThroughBurstsOfLoss()
      throws ProtocolException {
    Run run = new Run(MESSAGES, BURSTS, ConnectionConfig.defaults(), 20261128L);
    run.toCompletion();

    run.fromA.checkExecutionLog();
    run.fromB.checkExecutionLog();
    assertNull(run.a.failure());
    assertNull(run.b.failure());
    for (SimulatedLink link : new SimulatedLink[] {run.network.aToB(), run.network.bToA()}) {
      double lossRate = (double) link.lost() / (link.sent() + link.duplicated());
      assertTrue(lossRate > 0.06, "lost " + link.lost() + " of " + link.sent());
    }
    assertTrue(run.a.counters().packetsLost() > 0, "losses found from acknowledgements");
    assertTrue(run.b.counters().packetsLost() > 0, "losses found from acknowledgements");
  }

  @Test
  void sameSeedGivesTheSameTrace() throws ProtocolException {
    Run first = new Run(MESSAGES, 7L);
    first.toCompletion();
    Run second = new Run(MESSAGES, 7L);
    second.toCompletion();
    Run other = new Run(MESSAGES, 8L);
    other.toCompletion();

    assertEquals(first.trace(), second.trace());
    assertTrue(
        !first.trace().equals(other.trace()), "a different seed should give a different run");
  }

  /** Two connections sending to each other through the simulator, each with its own stream. */
  private static final class Run {
    final ManualTicker clock = new ManualTicker();
    final Stream fromA;
    final Stream fromB;
    final Connection a;
    final Connection b;
    final NetworkSimulator network;
    final SplittableRandom forger;
    boolean forgeBlindly;
    long ticks;

    Run(int messages, long seed) {
      this(messages, HOSTILE, ConnectionConfig.defaults(), seed);
    }

    Run(int messages, LinkConditions conditions, ConnectionConfig config, long seed) {
      forger = new SplittableRandom(seed * 31 + 3);
      fromA = new Stream(messages, seed * 31 + 1);
      fromB = new Stream(messages, seed * 31 + 2);
      a = new Connection(config, TestPackets.TOKEN, clock, fromB);
      b = new Connection(config, TestPackets.TOKEN, clock, fromA);
      network = new NetworkSimulator(a, b, conditions, seed, clock);
    }

    void toCompletion() throws ProtocolException {
      long limit = Duration.ofSeconds(10_000).dividedBy(TICK);
      while (!(fromA.allExecuted() && fromB.allExecuted())) {
        if (++ticks > limit || a.failure() != null || b.failure() != null) {
          fail(
              "stalled after "
                  + ticks
                  + " ticks: "
                  + a.failure()
                  + " / "
                  + b.failure()
                  + ", executed "
                  + fromA.executed
                  + " and "
                  + fromB.executed);
        }
        fromA.sendSome(a);
        fromB.sendSome(b);
        clock.advance(TICK);
        network.step();
        if (forgeBlindly) {
          a.receive(blindForgery(forger));
          b.receive(blindForgery(forger));
        }
      }
    }

    String trace() {
      return ticks
          + " "
          + fromA.orderHash()
          + " "
          + fromB.orderHash()
          + " "
          + network.aToB().lost()
          + " "
          + network.aToB().duplicated()
          + " "
          + network.aToB().deliveredOutOfOrder()
          + " "
          + network.bToA().lost()
          + " "
          + a.counters().retransmissions()
          + " "
          + b.counters().duplicateMessages();
    }
  }

  /**
   * A packet from someone who cannot see the traffic: a guessed token, and acknowledgements of
   * every packet and message that might have been sent.
   */
  private static byte[] blindForgery(SplittableRandom forger) {
    long token = forger.nextLong();
    if (token == TestPackets.TOKEN) {
      token++;
    }
    return TestPackets.packetWithAck(forger.nextInt(), forger.nextInt(), -1)
        .token(token)
        .unconfirmedFrom(forger.nextInt())
        .executedBefore(forger.nextInt())
        .bytes();
  }

  /**
   * Two connections through the hostile network, with someone on the path from b to a who, once,
   * rewrites a packet of b's to say that b received a's newest packet (sent a moment ago, still on
   * its way) and the 32 before.
   */
  private static final class TamperedRun {
    final ManualTicker clock = new ManualTicker();
    final Stream fromA = new Stream(SequenceNumbers.RANGE, 61);
    final Stream fromB = new Stream(SequenceNumbers.RANGE, 62);
    final Connection a =
        new Connection(ConnectionConfig.defaults(), TestPackets.TOKEN, clock, fromB);
    final Connection b =
        new Connection(ConnectionConfig.defaults(), TestPackets.TOKEN, clock, fromA);
    final SimulatedLink aToB;
    final SimulatedLink bToA;
    int newestFromA = -1;
    boolean tampered;
    long aFailedAt;
    long bFailedAt;

    TamperedRun(long seed) {
      aToB = new SimulatedLink(HOSTILE, seed, clock);
      bToA = new SimulatedLink(HOSTILE, seed + 1, clock);
    }

    /** Runs {@code ticks} ticks, then until a packet of b's has been altered; returns when. */
    long untilTampered(int ticks) throws ProtocolException {
      for (int tick = 0; tick < ticks || !tampered; tick++) {
        if (tick > 10 * ticks) {
          fail("nothing to tamper with");
        }
        step(tick >= ticks);
      }
      return clock.nanoTime();
    }

    /** Runs until both ends have failed, noting when each did. */
    void untilBothFailed() throws ProtocolException {
      for (int tick = 0; a.failure() == null || b.failure() == null; tick++) {
        if (tick > 100_000) {
          fail("still running: " + a.failure() + " / " + b.failure());
        }
        step(false);
        if (a.failure() != null && aFailedAt == 0) {
          aFailedAt = clock.nanoTime();
        }
        if (b.failure() != null && bFailedAt == 0) {
          bFailedAt = clock.nanoTime();
        }
      }
    }

    private void step(boolean tamper) throws ProtocolException {
      fromA.sendSome(a);
      fromB.sendSome(b);
      clock.advance(TICK);
      for (byte[] packet = aToB.receive(); packet != null; packet = aToB.receive()) {
        b.receive(packet);
      }
      for (byte[] packet = bToA.receive(); packet != null; packet = bToA.receive()) {
        a.receive(packet);
      }
      a.update();
      b.update();
      for (byte[] packet = a.poll(); packet != null; packet = a.poll()) {
        newestFromA = TestPackets.decode(packet).packetSequence();
        aToB.send(packet);
      }
      for (byte[] packet = b.poll(); packet != null; packet = b.poll()) {
        if (tamper && !tampered && TestPackets.decode(packet).hasAck()) {
          // taken off the wire and handed to a altered, next to a, past the lossy part
          a.receive(TestPackets.withAcknowledgement(packet, newestFromA, -1));
          tampered = true;
        } else {
          bToA.send(packet);
        }
      }
    }
  }

  /** One direction's messages: what was sent with which dependencies, and where each executed. */
  private static final class Stream implements MessageReceiver {

    final int total;
    final SplittableRandom random;
    final int[][] dependencies;
    final int[] executedAt;
    final RecentMessages recent = new RecentMessages();
    int sent;
    int executed;
    long orderHash = 17;

    Stream(int total, long seed) {
      this.total = total;
      this.random = new SplittableRandom(seed);
      this.dependencies = new int[total][];
      this.executedAt = new int[total];
      Arrays.fill(executedAt, -1);
    }

    void sendSome(Connection connection) {
      int burst = 1 + random.nextInt(80);
      for (int i = 0; i < burst && sent < total; i++) {
        int[] indices = RecentMessages.pick(random, sent);
        MessageDependency[] handles = recent.handlesOf(indices);
        MessageDependency handle = new MessageDependency();
        byte[] payload = ByteBuffer.allocate(4 + random.nextInt(24)).putInt(sent).array();
        if (connection.trySend(handle, payload, handles) != SendStatus.ACCEPTED) {
          return;
        }
        dependencies[sent] = indices;
        recent.add(sent, handle);
        sent++;
      }
    }

    @Override
    public void onMessage(int sequence, byte[] payload) {
      int index = ByteBuffer.wrap(payload).getInt();
      if (executedAt[index] >= 0) {
        fail("message " + index + " executed twice");
      }
      assertEquals(index & SequenceNumbers.MASK, sequence);
      executedAt[index] = executed++;
      orderHash = orderHash * 1_000_003 + index;
    }

    boolean allExecuted() {
      return executed == total;
    }

    long orderHash() {
      return orderHash;
    }

    /** Checks the messages executed so far: each once, after each of its dependencies. */
    void checkPartialExecutionLog() {
      for (int index = 0; index < sent; index++) {
        if (executedAt[index] < 0) {
          continue;
        }
        for (int dependency : dependencies[index]) {
          if (executedAt[dependency] < 0 || executedAt[dependency] >= executedAt[index]) {
            fail("message " + index + " executed before its dependency " + dependency);
          }
        }
      }
    }

    void checkExecutionLog() {
      assertEquals(total, executed);
      for (int index = 0; index < total; index++) {
        assertTrue(executedAt[index] >= 0, "message " + index + " never executed");
        for (int dependency : dependencies[index]) {
          if (executedAt[dependency] >= executedAt[index]) {
            fail("message " + index + " executed before its dependency " + dependency);
          }
        }
      }
    }
  }
}
