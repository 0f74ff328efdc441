package dev.herald.net.testkit;

import java.time.Duration;

/**
 * How badly a {@link SimulatedLink} treats packets: immutable, built from {@link #perfect()} with
 * the {@code with...} methods.
 *
 * @since 0.1
 */
public final class LinkConditions {

  private static final LinkConditions PERFECT =
      new LinkConditions(0, 0, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, 1, 0);

  private final double lossRate;
  private final double duplicationRate;
  private final double reorderRate;
  private final Duration latency;
  private final Duration jitter;
  private final Duration reorderDelay;
  private final double enterBurst;
  private final double leaveBurst;
  private final double burstLossRate;

  private LinkConditions(
      double lossRate,
      double duplicationRate,
      double reorderRate,
      Duration latency,
      Duration jitter,
      Duration reorderDelay,
      double enterBurst,
      double leaveBurst,
      double burstLossRate) {
    this.enterBurst = enterBurst;
    this.leaveBurst = leaveBurst;
    this.burstLossRate = burstLossRate;
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

  /**
   * Returns a copy that loses each packet (each copy of a duplicated one too) with probability
   * {@code rate}.
   */
  public LinkConditions withLoss(double rate) {
    return new LinkConditions(
        probability(rate, "loss"),
        duplicationRate,
        reorderRate,
        latency,
        jitter,
        reorderDelay,
        enterBurst,
        leaveBurst,
        burstLossRate);
  }

  /** Returns a copy that delivers a packet twice with probability {@code rate}. */
  public LinkConditions withDuplication(double rate) {
    return new LinkConditions(
        lossRate,
        probability(rate, "duplication"),
        reorderRate,
        latency,
        jitter,
        reorderDelay,
        enterBurst,
        leaveBurst,
        burstLossRate);
  }

  /**
   * Returns a copy that holds a packet back by an extra {@code extraDelay} with probability {@code
   * rate}, so later packets overtake it. Jitter reorders packets too.
   */
  public LinkConditions withReordering(double rate, Duration extraDelay) {
    if (extraDelay.isNegative()) {
      throw new IllegalArgumentException("extra delay must not be negative, was " + extraDelay);
    }
    return new LinkConditions(
        lossRate,
        duplicationRate,
        probability(rate, "reordering"),
        latency,
        jitter,
        extraDelay,
        enterBurst,
        leaveBurst,
        burstLossRate);
  }

  /** Returns a copy whose one-way delay is uniform in {@code latency ± jitter}. */
  public LinkConditions withLatency(Duration latency, Duration jitter) {
    if (jitter.isNegative() || latency.compareTo(jitter) < 0) {
      throw new IllegalArgumentException(
          "need 0 <= jitter <= latency, was " + latency + " ± " + jitter);
    }
    return new LinkConditions(
        lossRate,
        duplicationRate,
        reorderRate,
        latency,
        jitter,
        reorderDelay,
        enterBurst,
        leaveBurst,
        burstLossRate);
  }

  /**
   * Returns a copy that loses packets in bursts, as a Gilbert–Elliott channel does: the link is
   * either in its good state, where it loses packets at the {@linkplain #withLoss loss rate}, or in
   * a burst, where it loses them at {@code lossInBurst}; before each packet it enters a burst with
   * probability {@code enterBurst} and leaves one with probability {@code leaveBurst}, so a burst
   * lasts {@code 1 / leaveBurst} packets on average.
   */
  public LinkConditions withBurstLoss(double enterBurst, double leaveBurst, double lossInBurst) {
    if (!(leaveBurst > 0)) {
      throw new IllegalArgumentException(
          "a burst must end: the chance of leaving it must be above 0, was " + leaveBurst);
    }
    return new LinkConditions(
        lossRate,
        duplicationRate,
        reorderRate,
        latency,
        jitter,
        reorderDelay,
        probability(enterBurst, "burst entry"),
        probability(leaveBurst, "burst exit"),
        probability(lossInBurst, "burst loss"));
  }

  /** Probability, before each packet in the good state, that a burst of loss begins. */
  public double enterBurst() {
    return enterBurst;
  }

  /** Probability, before each packet in a burst, that the burst ends. */
  public double leaveBurst() {
    return leaveBurst;
  }

  /** Probability that a packet is lost during a burst. */
  public double burstLossRate() {
    return burstLossRate;
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
