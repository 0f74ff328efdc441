package dev.herald.net;

/** The JVM's monotonic clock ({@link System#nanoTime()}), in milliseconds. */
public final class MonotonicClock implements Clock {

  @Override
  public long millis() {
    return System.nanoTime() / 1_000_000L;
  }
}
