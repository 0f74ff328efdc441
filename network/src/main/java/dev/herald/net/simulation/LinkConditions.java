package dev.herald.net.simulation;

import java.time.Duration;

/**
 * How badly a {@link SimulatedLink} treats packets: immutable, built from {@link #perfect()}
 * with the {@code with...} methods.
 */
public final class LinkConditions {

  private static final LinkConditions PERFECT = new LinkConditions(0, 0, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO);

  private final double lossRate;
  private final double duplicationRate;
  private final double reorderRate;
  private final Duration latency;
  private final Duration jitter;
  private final Duration reorderDelay;

  private LinkConditions(double lossRate, double duplicationRate, double reorderRate,
      Duration latency, Duration jitter, Duration reorderDelay) {
    this.lossRate = lossRate;
    this.duplicationRate = duplicationRate;
    this.reorderRate = reorderRate;
    this.latency = latency;
    this.jitter = jitter;
    this.reorderDelay = reorderDelay;
  }

  /** No loss, no duplication, no reordering, no latency. */
  public static LinkConditions perfect() {
    return PERFECT;
  }

  /** Returns a copy that loses each packet (each copy of a duplicated one too) with probability {@code rate}. */
  public LinkConditions withLoss(double rate) {
    return new LinkConditions(probability(rate, "loss"), duplicationRate, reorderRate, latency, jitter, reorderDelay);
  }

  /** Returns a copy that delivers a packet twice with probability {@code rate}. */
  public LinkConditions withDuplication(double rate) {
    return new LinkConditions(lossRate, probability(rate, "duplication"), reorderRate, latency, jitter, reorderDelay);
  }

  /**
   * Returns a copy that holds a packet back by an extra {@code extraDelay} with probability
   * {@code rate}, so later packets overtake it. Jitter reorders packets too.
   */
  public LinkConditions withReordering(double rate, Duration extraDelay) {
    if (extraDelay.isNegative()) {
      throw new IllegalArgumentException("extra delay must not be negative, was " + extraDelay);
    }
    return new LinkConditions(lossRate, duplicationRate, probability(rate, "reordering"), latency, jitter, extraDelay);
  }

  /** Returns a copy whose one-way delay is uniform in {@code latency ± jitter}. */
  public LinkConditions withLatency(Duration latency, Duration jitter) {
    if (jitter.isNegative() || latency.compareTo(jitter) < 0) {
      throw new IllegalArgumentException("need 0 <= jitter <= latency, was " + latency + " ± " + jitter);
    }
    return new LinkConditions(lossRate, duplicationRate, reorderRate, latency, jitter, reorderDelay);
  }

  private static double probability(double rate, String what) {
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException(what + " rate must be within 0..1, was " + rate);
    }
    return rate;
  }

  /** Probability that a packet is lost. */
  public double lossRate() {
    return lossRate;
  }

  /** Probability that a packet is delivered twice. */
  public double duplicationRate() {
    return duplicationRate;
  }

  /** Probability that a packet is held back by the reorder delay. */
  public double reorderRate() {
    return reorderRate;
  }

  /** Mean one-way delay. */
  public Duration latency() {
    return latency;
  }

  /** Largest deviation from the mean delay. */
  public Duration jitter() {
    return jitter;
  }

  /** Extra delay of a held-back packet. */
  public Duration reorderDelay() {
    return reorderDelay;
  }
}
