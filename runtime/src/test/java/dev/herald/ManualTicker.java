package dev.herald;

import java.time.Duration;

/** A ticker the test moves by hand. */
final class ManualTicker implements Ticker {
  private long now = 1_000_000_000L;

  @Override
  public long nanoTime() {
    return now;
  }

  void advance(Duration by) {
    now += by.toNanos();
  }
}
