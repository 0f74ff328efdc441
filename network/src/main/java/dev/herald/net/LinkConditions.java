package dev.herald.net;

/**
 * How badly a {@link SimulatedLink} treats packets: immutable, built from {@link #perfect()}
 * with the {@code with...} methods.
 */
public final class LinkConditions {

  private static final LinkConditions PERFECT = new LinkConditions(0, 0, 0, 0, 0, 0);

  private final double lossRate;
  private final double duplicationRate;
  private final double reorderRate;
  private final long latencyMillis;
  private final long jitterMillis;
  private final long reorderDelayMillis;

  private LinkConditions(double lossRate, double duplicationRate, double reorderRate,
      long latencyMillis, long jitterMillis, long reorderDelayMillis) {
    this.lossRate = lossRate;
    this.duplicationRate = duplicationRate;
    this.reorderRate = reorderRate;
    this.latencyMillis = latencyMillis;
    this.jitterMillis = jitterMillis;
    this.reorderDelayMillis = reorderDelayMillis;
  }

  /** No loss, no duplication, no reordering, no latency. */
  public static LinkConditions perfect() {
    return PERFECT;
  }

  /** Returns a copy that loses each packet (each copy of a duplicated one too) with probability {@code rate}. */
  public LinkConditions withLoss(double rate) {
    return new LinkConditions(probability(rate, "loss"), duplicationRate, reorderRate, latencyMillis, jitterMillis, reorderDelayMillis);
  }

  /** Returns a copy that delivers a packet twice with probability {@code rate}. */
  public LinkConditions withDuplication(double rate) {
    return new LinkConditions(lossRate, probability(rate, "duplication"), reorderRate, latencyMillis, jitterMillis, reorderDelayMillis);
  }

  /**
   * Returns a copy that holds a packet back by an extra {@code extraDelayMillis} with
   * probability {@code rate}, so later packets overtake it. Jitter reorders packets too.
   */
  public LinkConditions withReordering(double rate, long extraDelayMillis) {
    if (extraDelayMillis < 0) {
      throw new IllegalArgumentException("extra delay must not be negative, was " + extraDelayMillis);
    }
    return new LinkConditions(lossRate, duplicationRate, probability(rate, "reordering"), latencyMillis, jitterMillis, extraDelayMillis);
  }

  /** Returns a copy whose one-way delay is uniform in {@code latency ± jitter} milliseconds. */
  public LinkConditions withLatency(long latencyMillis, long jitterMillis) {
    if (jitterMillis < 0 || latencyMillis < jitterMillis) {
      throw new IllegalArgumentException("need 0 <= jitter <= latency, was " + latencyMillis + " ± " + jitterMillis);
    }
    return new LinkConditions(lossRate, duplicationRate, reorderRate, latencyMillis, jitterMillis, reorderDelayMillis);
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
  public long latencyMillis() {
    return latencyMillis;
  }

  /** Largest deviation from the mean delay. */
  public long jitterMillis() {
    return jitterMillis;
  }

  /** Extra delay of a held-back packet. */
  public long reorderDelayMillis() {
    return reorderDelayMillis;
  }
}
