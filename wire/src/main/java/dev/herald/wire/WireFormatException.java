package dev.herald.wire;

/**
 * Bytes that are not a valid encoding: what was wrong, and at which byte.
 *
 * <p>Thrown by {@link WireReader} and {@link CodecRegistry#decode}; it is the only exception that
 * decoding throws for bad input, whatever the bytes. After it, a {@link CodecRegistry} leaves the
 * reader after the bad frame (or at the end of its input when the frame's own length was
 * unreadable), ready for the next one.
 *
 * @since 0.1
 */
public final class WireFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Where the problem was found: see {@link #offset()}. */
  private final int offset;

  /**
   * @param what what was wrong, as a sentence without the offset
   * @param offset the byte at which it was found, counted from the start of the reader's input
   */
  public WireFormatException(String what, int offset) {
    this(what, offset, null);
  }

  /**
   * @param what what was wrong, as a sentence without the offset
   * @param offset the byte at which it was found, counted from the start of the reader's input
   * @param cause what was thrown while reading, or null
   */
  public WireFormatException(String what, int offset, Throwable cause) {
    super(what + " (at byte " + offset + ")", cause);
    this.offset = offset;
  }

  /** The byte at which the problem was found, counted from the start of the reader's input. */
  public int offset() {
    return offset;
  }
}
