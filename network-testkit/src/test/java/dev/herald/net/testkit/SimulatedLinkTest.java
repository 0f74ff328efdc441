package dev.herald.net.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatedLinkTest {

  private static List<Integer> run(LinkConditions conditions, long seed) {
    ManualTicker clock = new ManualTicker();
    SimulatedLink link = new SimulatedLink(conditions, seed, clock);
    List<Integer> arrivals = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      link.send(new byte[] {(byte) i, (byte) (i >> 8)});
      clock.advance(Duration.ofMillis(1));
      for (byte[] p = link.receive(); p != null; p = link.receive()) {
        arrivals.add((p[0] & 0xFF) | (p[1] & 0xFF) << 8);
      }
    }
    clock.advance(Duration.ofMillis(10_000));
    for (byte[] p = link.receive(); p != null; p = link.receive()) {
      arrivals.add((p[0] & 0xFF) | (p[1] & 0xFF) << 8);
    }
    return arrivals;
  }

  @Test
  void sameSeedDeliversTheSameSequence() {
    LinkConditions bad =
        LinkConditions.perfect()
            .withLoss(0.2)
            .withDuplication(0.2)
            .withReordering(0.1, Duration.ofMillis(30))
            .withLatency(Duration.ofMillis(100), Duration.ofMillis(50));
    assertEquals(run(bad, 3), run(bad, 3));
    assertTrue(!run(bad, 3).equals(run(bad, 4)));
  }

  @Test
  void perfectLinkDeliversEverythingInOrderAtOnce() {
    ManualTicker clock = new ManualTicker();
    SimulatedLink link = new SimulatedLink(LinkConditions.perfect(), 1, clock);
    link.send(new byte[] {1});
    link.send(new byte[] {2});
    assertArrayEquals(new byte[] {1}, link.receive());
    assertArrayEquals(new byte[] {2}, link.receive());
    assertNull(link.receive());
    assertEquals(0, link.lost() + link.duplicated() + link.deliveredOutOfOrder());
  }

  @Test
  void packetArrivesOnlyAfterItsLatency() {
    ManualTicker clock = new ManualTicker();
    SimulatedLink link =
        new SimulatedLink(
            LinkConditions.perfect().withLatency(Duration.ofMillis(100), Duration.ZERO), 1, clock);
    link.send(new byte[] {1});
    clock.advance(Duration.ofMillis(99));
    assertNull(link.receive());
    clock.advance(Duration.ofMillis(1));
    assertArrayEquals(new byte[] {1}, link.receive());
  }

  @Test
  void countersAccountForEveryCopy() {
    ManualTicker clock = new ManualTicker();
    SimulatedLink link =
        new SimulatedLink(
            LinkConditions.perfect()
                .withLoss(0.3)
                .withDuplication(0.3)
                .withLatency(Duration.ofMillis(50), Duration.ofMillis(40)),
            9,
            clock);
    for (int i = 0; i < 1_000; i++) {
      link.send(new byte[] {(byte) i});
      clock.advance(Duration.ofMillis(1));
      while (link.receive() != null) {
        // drain
      }
    }
    clock.advance(Duration.ofMillis(1_000));
    while (link.receive() != null) {
      // drain
    }
    assertEquals(link.sent() + link.duplicated(), link.lost() + link.delivered());
    assertTrue(link.deliveredOutOfOrder() > 0);
  }

  @Test
  void burstLossClustersLossesAtTheSameMeanRateAUniformLinkWouldHave() {
    // Bursts of 4 packets on average at 80 % loss, entered before 1 packet in 30: about 10 %.
    LinkConditions bursty = LinkConditions.perfect().withBurstLoss(1.0 / 30, 0.25, 0.8);
    LinkConditions uniform = LinkConditions.perfect().withLoss(0.10);
    double[] burst = lossStatistics(bursty);
    double[] flat = lossStatistics(uniform);

    assertTrue(burst[0] > 0.05 && burst[0] < 0.15, "bursty link's loss rate: " + burst[0]);
    assertTrue(flat[0] > 0.05 && flat[0] < 0.15, "uniform link's loss rate: " + flat[0]);
    assertTrue(
        burst[1] > 0.5, "after a loss, the next packet is lost more often than not: " + burst[1]);
    assertTrue(
        flat[1] < 0.2, "on the uniform link, a loss says nothing of the next packet: " + flat[1]);
  }

  /** The share of 20,000 packets lost, and the share lost of those right after a lost one. */
  private static double[] lossStatistics(LinkConditions conditions) {
    ManualTicker clock = new ManualTicker();
    SimulatedLink link = new SimulatedLink(conditions, 11, clock);
    int packets = 20_000;
    boolean previousLost = false;
    int afterLoss = 0;
    int lostAfterLoss = 0;
    for (int i = 0; i < packets; i++) {
      long lostBefore = link.lost();
      link.send(new byte[] {(byte) i});
      boolean lost = link.lost() > lostBefore;
      if (previousLost) {
        afterLoss++;
        lostAfterLoss += lost ? 1 : 0;
      }
      previousLost = lost;
      while (link.receive() != null) {
        // drain
      }
    }
    return new double[] {(double) link.lost() / packets, (double) lostAfterLoss / afterLoss};
  }
}
