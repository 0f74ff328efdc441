package dev.herald;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out increasing numbers to handlers as they are added, so a dispatch can tell which
 * handlers were added after it began. The bus also orders equal-priority handlers by them.
 */
final class Stamps {
  private final AtomicLong last = new AtomicLong();

  long next() {
    return last.incrementAndGet();
  }

  /** The stamp given most recently; every handler stamped so far has a stamp at most this. */
  long last() {
    return last.get();
  }
}
