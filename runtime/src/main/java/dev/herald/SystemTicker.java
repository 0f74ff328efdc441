package dev.herald;

/** {@link Ticker#system()}. */
final class SystemTicker implements Ticker {
  static final SystemTicker INSTANCE = new SystemTicker();

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }
}
