package dev.herald;

/**
 * Hands out increasing numbers to handlers as they are made: a dispatch tells the handlers added
 * after it began by them, and the bus orders equal-priority handlers by them. Called only under the
 * lock of the list's owner (the registry's, or a {@link Signal}'s), which orders the numbers, so a
 * plain counter will do where an atomic one would cost a fence.
 */
final class Stamps {
  private long last;

  long next() {
    return ++last;
  }
}
