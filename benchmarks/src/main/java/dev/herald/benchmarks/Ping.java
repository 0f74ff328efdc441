package dev.herald.benchmarks;

/**
 * The message of the fan-out, contention and signal scenarios. Handlers add to {@link #hits}, so
 * their work is observable and cannot be optimised away; each benchmark thread posts its own
 * instance, allocated once outside the measured operation, so threads do not share the cache line
 * the handlers write.
 */
public final class Ping {
  public long hits;
}
