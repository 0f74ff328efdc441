package dev.herald.processor.model;

/**
 * What the generated {@code call} and {@code invoke} declare, from the checked exceptions of the
 * handlers.
 */
public enum ThrowsClause {
  /** No handler declares a checked exception. */
  NONE,
  /** Some handlers declare checked exceptions, all of them {@link Exception}s. */
  EXCEPTION,
  /** Some handler declares a checked throwable that is not an {@link Exception}. */
  THROWABLE;

  /** The wider of the two. */
  public ThrowsClause widen(ThrowsClause other) {
    return compareTo(other) >= 0 ? this : other;
  }
}
