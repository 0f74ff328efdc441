package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.net.simulation.LinkConditions;
import dev.herald.net.simulation.ManualClock;
import dev.herald.net.simulation.NetworkSimulator;
import dev.herald.net.simulation.SimulatedLink;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Four wraps of the sequence numbers in each direction through a hostile simulated network,
 * checked on the execution log: exactly once, after every dependency.
 */
class SoakTest {

  private static final int MESSAGES = 4 * SequenceNumbers.RANGE;
  private static final Duration TICK = Duration.ofMillis(10);
  private static final LinkConditions HOSTILE = LinkConditions.perfect()
      .withLoss(0.25)
      .withDuplication(0.25)
      .withReordering(0.05, Duration.ofMillis(60))
      .withLatency(Duration.ofMillis(100), Duration.ofMillis(50));

  @Test
  void everyMessageExecutesExactlyOnceAfterItsDependenciesThroughAHostileNetwork() throws ProtocolException {
    Run run = new Run(MESSAGES, 20260101L);
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
    assertTrue(!first.trace().equals(other.trace()), "a different seed should give a different run");
  }

  /** Two connections sending to each other through the simulator, each with its own stream. */
  private static final class Run {
    final ManualClock clock = new ManualClock();
    final Stream fromA;
    final Stream fromB;
    final Connection a;
    final Connection b;
    final NetworkSimulator network;
    long ticks;

    Run(int messages, long seed) {
      fromA = new Stream(messages, seed * 31 + 1);
      fromB = new Stream(messages, seed * 31 + 2);
      a = new Connection(ConnectionConfig.defaults(), clock, fromB);
      b = new Connection(ConnectionConfig.defaults(), clock, fromA);
      network = new NetworkSimulator(a, b, HOSTILE, seed, clock);
    }

    void toCompletion() throws ProtocolException {
      long limit = Duration.ofSeconds(10_000).dividedBy(TICK);
      while (!(fromA.allExecuted() && fromB.allExecuted())) {
        if (++ticks > limit || a.failure() != null || b.failure() != null) {
          fail("stalled after " + ticks + " ticks: " + a.failure() + " / " + b.failure()
              + ", executed " + fromA.executed + " and " + fromB.executed);
        }
        fromA.sendSome(a);
        fromB.sendSome(b);
        clock.advance(TICK);
        network.step();
      }
    }

    String trace() {
      return ticks + " " + fromA.orderHash() + " " + fromB.orderHash() + " "
          + network.aToB().lost() + " " + network.aToB().duplicated() + " " + network.aToB().deliveredOutOfOrder() + " "
          + network.bToA().lost() + " " + a.counters().retransmissions() + " " + b.counters().duplicateMessages();
    }
  }

  /** One direction's messages: what was sent with which dependencies, and where each executed. */
  private static final class Stream implements DeliveryListener {
    private static final int RECENT = 64;

    final int total;
    final SplittableRandom random;
    final int[][] dependencies;
    final int[] executedAt;
    final MessageDependency[] recent = new MessageDependency[RECENT];
    final int[] recentIndex = new int[RECENT];
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
        int count = sent == 0 ? 0 : random.nextInt(Math.min(4, sent + 1));
        MessageDependency[] handles = new MessageDependency[count];
        int[] indices = new int[count];
        for (int d = 0; d < count; d++) {
          int back = 1 + random.nextInt(Math.min(RECENT, sent));
          handles[d] = recent[(sent - back) % RECENT];
          indices[d] = sent - back;
        }
        MessageDependency handle = new MessageDependency();
        byte[] payload = ByteBuffer.allocate(4 + random.nextInt(24)).putInt(sent).array();
        if (connection.trySend(handle, payload, handles) != SendStatus.ACCEPTED) {
          return;
        }
        dependencies[sent] = indices;
        recent[sent % RECENT] = handle;
        recentIndex[sent % RECENT] = sent;
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
