package dev.herald.wire;

/**
 * A message that does not fit the space a {@link WireWriter} was given. Nothing was written: {@link
 * CodecRegistry#encode} rolls the writer back to where the message began.
 *
 * @since 0.1
 */
public final class WireOverflowException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The capacity the write needed more than. */
  private final int capacity;

  WireOverflowException(int capacity) {
    super(
        "the message needs more than the "
            + capacity
            + " bytes this writer was given: give it a"
            + " larger buffer, or use WireWriter.growable()");
    this.capacity = capacity;
  }

  /** How many bytes the writer could hold. */
  public int capacity() {
    return capacity;
  }
}
