package dev.herald.net.testkit;

import dev.herald.time.Ticker;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * One direction of a simulated network: packets go in with {@link #send}, and come out of {@link
 * #receive()} once their delay has passed on the {@link Ticker}, lost, duplicated and reordered as
 * the {@link LinkConditions} say. Everything it does depends only on the seed, the conditions, and
 * the sequence of calls and clock readings, so a run can be replayed. Not thread-safe.
 *
 * @since 0.1
 */
public final class SimulatedLink {

  private final LinkConditions conditions;
  private final long latencyNanos;
  private final long jitterNanos;
  private final long reorderDelayNanos;
  private final Ticker clock;
  private final SplittableRandom random;
  private final PriorityQueue<InFlightPacket> inFlight = new PriorityQueue<>();

  private long sent;
  private long lost;
  private long duplicated;
  private long heldBack;
  private long delivered;
  private long deliveredOutOfOrder;
  private long queued;
  private long newestDeliveredSendIndex = -1;
  private boolean inBurst;

  /** Creates a link whose faults are drawn from a generator seeded with {@code seed}. */
  public SimulatedLink(LinkConditions conditions, long seed, Ticker clock) {
    this.conditions = conditions;
    this.latencyNanos = conditions.latency().toNanos();
    this.jitterNanos = conditions.jitter().toNanos();
    this.reorderDelayNanos = conditions.reorderDelay().toNanos();
    this.clock = clock;
    this.random = new SplittableRandom(seed);
  }

  /** Puts a packet on the link. The array is not copied: do not change it afterwards. */
  public void send(byte[] packet) {
    long sendIndex = sent++;
    int copies = random.nextDouble() < conditions.duplicationRate() ? 2 : 1;
    if (copies == 2) {
      duplicated++;
    }
    double lossRate = lossRateNow();
    for (int i = 0; i < copies; i++) {
      if (random.nextDouble() < lossRate) {
        lost++;
        continue;
      }
      long delay = latencyNanos;
      if (jitterNanos > 0) {
        delay += random.nextLong(-jitterNanos, jitterNanos + 1);
      }
      if (random.nextDouble() < conditions.reorderRate()) {
        delay += reorderDelayNanos;
        heldBack++;
      }
      inFlight.add(new InFlightPacket(packet, clock.nanoTime() + delay, sendIndex, queued++));
    }
  }

  /** Moves the burst state on, if the link loses in bursts, and returns the loss rate it gives. */
  private double lossRateNow() {
    if (conditions.enterBurst() == 0 && !inBurst) {
      return conditions.lossRate(); // no draw: links without bursts replay as they always did
    }
    inBurst =
        inBurst
            ? random.nextDouble() >= conditions.leaveBurst()
            : random.nextDouble() < conditions.enterBurst();
    return inBurst ? conditions.burstLossRate() : conditions.lossRate();
  }

  /** Returns the next packet whose delay has passed, or null if none has arrived yet. */
  public byte[] receive() {
    InFlightPacket next = inFlight.peek();
    if (next == null || next.deliverAtNanos > clock.nanoTime()) {
      return null;
    }
    inFlight.poll();
    delivered++;
    if (next.sendIndex < newestDeliveredSendIndex) {
      deliveredOutOfOrder++;
    } else {
      newestDeliveredSendIndex = next.sendIndex;
    }
    return next.data;
  }

  /**
   * When the next packet is due by the link's clock, or {@link Long#MAX_VALUE} if none is on its
   * way: how long a relay driving the link in real time may wait.
   */
  public long nextDeliveryNanos() {
    InFlightPacket next = inFlight.peek();
    return next == null ? Long.MAX_VALUE : next.deliverAtNanos;
  }

  /** Packets given to {@link #send}. */
  public long sent() {
    return sent;
  }

  /** Copies lost. */
  public long lost() {
    return lost;
  }

  /** Packets sent twice. */
  public long duplicated() {
    return duplicated;
  }

  /** Copies held back by the reorder delay. */
  public long heldBack() {
    return heldBack;
  }

  /** Copies delivered. */
  public long delivered() {
    return delivered;
  }

  /** Copies delivered after a copy of a packet sent later: reordering as the receiver sees it. */
  public long deliveredOutOfOrder() {
    return deliveredOutOfOrder;
  }

  /** Copies still on their way. */
  public int inFlight() {
    return inFlight.size();
  }
}
