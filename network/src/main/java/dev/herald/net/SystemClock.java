package dev.herald.net;

/** {@link Clock#system()}. */
final class SystemClock implements Clock {

  static final SystemClock INSTANCE = new SystemClock();

  private SystemClock() {}

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }
}
