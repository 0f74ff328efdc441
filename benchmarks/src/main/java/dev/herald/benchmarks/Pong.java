package dev.herald.benchmarks;

/**
 * A second message class for the contention scenario, handled like {@link Ping} (handlers add to
 * {@link #hits}), so that threads posting messages of different classes to one bus can be measured
 * against threads posting one class.
 */
public final class Pong {
  public long hits;
}
