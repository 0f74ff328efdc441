package dev.herald;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out increasing numbers to handlers as they are made: a dispatch tells the handlers
 * added after it began by them, and the bus orders equal-priority handlers by them.
 */
final class Stamps {
  private final AtomicLong last = new AtomicLong();

  long next() {
    return last.incrementAndGet();
  }
}
