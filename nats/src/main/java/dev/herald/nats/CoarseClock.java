package dev.herald.nats;

/**
 * The time, in milliseconds since 1970, as the bridge's timer last read it: what a {@link
 * Numbering} notes with each number, where reading the system's clock for every message would cost
 * more than the rest of the bookkeeping. It lags by up to one timer period, which only ever makes a
 * number look older, so a bound computed from it is the looser one.
 */
final class CoarseClock {
  volatile long millis = System.currentTimeMillis();

  void tick() {
    millis = System.currentTimeMillis();
  }
}
