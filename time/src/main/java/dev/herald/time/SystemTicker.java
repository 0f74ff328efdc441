package dev.herald.time;

/** {@link Ticker#system()}. */
final class SystemTicker implements Ticker {

  static final SystemTicker INSTANCE = new SystemTicker();

  private SystemTicker() {}

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }
}
