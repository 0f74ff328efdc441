package dev.herald.wire;

/**
 * How much a frame may make when it is decoded: what stops a small frame from filling the heap.
 *
 * <p>Every object that decoding creates because the frame says so is charged, before it is created,
 * at an estimate of its size that is never below its real size on a 64-bit JVM with compressed
 * references (the default for heaps under 32 GB; without them objects are up to half as large
 * again):
 *
 * <ul>
 *   <li>a record or final class: 16 bytes plus 8 per field;
 *   <li>a {@code String}: 40 bytes plus one per UTF-8 byte, two if any is not ASCII;
 *   <li>an array: 16 bytes plus its elements' size;
 *   <li>a box (not {@code Boolean} nor {@code Byte}: all theirs are cached), an {@code Instant}, a
 *       {@code Duration}, a present {@code Optional}: 24 bytes; a {@code UUID}: 32;
 *   <li>a non-empty list: 40 bytes plus 8 per element it is declared to hold (an {@code ArrayList}
 *       is sized for its count before its elements are read);
 *   <li>a non-empty set or map: 96 bytes plus 56 per declared entry, its share of the hash table
 *       included (the elements, keys and values are charged as what they are).
 * </ul>
 *
 * <p>Nothing is charged, and nothing created, for a null, an enum constant, an empty string, or an
 * empty or absent collection: those are shared values ({@code ""}, {@code List.of()}, {@code
 * Set.of()}, {@code Map.of()}).
 *
 * <p>A frame of {@code n} bytes (its wire id and length included) may be charged at most {@code
 * min(maxBytes, bytesPerFrameByte × n + 65,536)} bytes: by {@linkplain #DEFAULT default} 64 per
 * frame byte, so a 1 MiB frame makes at most 64 MiB, and never more than 64 MiB whatever the
 * frame's size. A frame whose decoding would go past either bound is refused with a {@link
 * WireFormatException} that names the bound it exceeded and how to raise it, and the reader moves
 * on to the next frame as after any bad frame. Ordinary messages stay far below the factor: their
 * strings, numbers and nested records take bytes on the wire for what they make; only frames dense
 * with empty or absent values, or with large declared collections of tiny elements, come near it.
 * What a record's own constructor allocates (a defensive {@code List.copyOf}) is not charged: it is
 * at most a copy of what was.
 *
 * <p>{@link CodecRegistry#withDecodeBudget} gives a registry another budget; a {@link WireReader}
 * used without a registry charges its whole input against the default. Checked by {@code
 * DecodeBudgetTest} in {@code wire-tests}. Immutable.
 *
 * @since 0.1
 */
public final class DecodeBudget {
  /** 64 bytes of objects per frame byte, and 64 MiB per frame at most. */
  public static final DecodeBudget DEFAULT = new DecodeBudget(64, 64L << 20);

  /** What any frame may make, however small: room for a few ordinary objects. */
  public static final int BASE_BYTES = 64 * 1024;

  // Estimates of what decoding creates, in bytes; see the class comment.
  static final int OBJECT = 16;
  static final int FIELD = 8;
  static final int STRING = 40;
  static final int ARRAY = 16;
  static final int BOX = 24;
  static final int UUID = 32;
  static final int LIST = 40;
  static final int LIST_ELEMENT = 8;
  static final int SET_OR_MAP = 96;
  static final int ENTRY = 56;

  private final int bytesPerFrameByte;
  private final long maxBytes;

  private DecodeBudget(int bytesPerFrameByte, long maxBytes) {
    this.bytesPerFrameByte = bytesPerFrameByte;
    this.maxBytes = maxBytes;
  }

  /**
   * A budget of {@code bytesPerFrameByte} bytes of objects per frame byte (plus {@link
   * #BASE_BYTES}), and {@code maxBytes} per frame at most.
   *
   * @throws IllegalArgumentException if either is not positive
   */
  public static DecodeBudget of(int bytesPerFrameByte, long maxBytes) {
    if (bytesPerFrameByte < 1 || maxBytes < 1) {
      throw new IllegalArgumentException(
          "a decode budget needs a positive factor and cap, not "
              + bytesPerFrameByte
              + " bytes per frame byte and "
              + maxBytes
              + " bytes at most");
    }
    return new DecodeBudget(bytesPerFrameByte, maxBytes);
  }

  /** This budget with another cap per frame. */
  public DecodeBudget withMaxBytes(long maxBytes) {
    return of(bytesPerFrameByte, maxBytes);
  }

  /** This budget with another factor. */
  public DecodeBudget withBytesPerFrameByte(int bytesPerFrameByte) {
    return of(bytesPerFrameByte, maxBytes);
  }

  /** Bytes of objects a frame may make per byte of its own, beyond {@link #BASE_BYTES}. */
  public int bytesPerFrameByte() {
    return bytesPerFrameByte;
  }

  /** Bytes of objects one frame may make at most, whatever its size. */
  public long maxBytes() {
    return maxBytes;
  }

  /** What a frame of {@code frameBytes} bytes may make. */
  public long allowanceFor(int frameBytes) {
    return Math.min(maxBytes, (long) bytesPerFrameByte * frameBytes + BASE_BYTES);
  }

  /** The refusal of a frame of {@code frameBytes} whose decoding would make more than allowed. */
  WireFormatException exceeded(int frameBytes, long wanted, int offset) {
    long allowance = allowanceFor(frameBytes);
    if (allowance == maxBytes) {
      return new WireFormatException(
          "decoding this frame of "
              + frameBytes
              + " bytes would make more than"
              + " the cap of "
              + maxBytes
              + " bytes of objects per frame ("
              + wanted
              + " so far): to accept"
              + " it, raise the cap with CodecRegistry.withDecodeBudget(DecodeBudget.DEFAULT.withMaxBytes(...))",
          offset);
    }
    return new WireFormatException(
        "decoding this frame of "
            + frameBytes
            + " bytes would make more than "
            + allowance
            + " bytes of objects ("
            + wanted
            + " so far), the budget of "
            + bytesPerFrameByte
            + " per frame byte plus "
            + BASE_BYTES
            + ": a frame this dense with small or absent values is"
            + " refused; if your messages are meant to be, raise the factor with"
            + " CodecRegistry.withDecodeBudget(DecodeBudget.DEFAULT.withBytesPerFrameByte(...))",
        offset);
  }

  @Override
  public String toString() {
    return "DecodeBudget["
        + bytesPerFrameByte
        + " bytes per frame byte plus "
        + BASE_BYTES
        + ", at most "
        + maxBytes
        + " per frame]";
  }
}
