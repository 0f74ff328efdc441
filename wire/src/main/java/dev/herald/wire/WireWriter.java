package dev.herald.wire;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;

/**
 * Writes the wire format (see the {@linkplain dev.herald.wire package description}) into a byte
 * array that the caller owns, or into one it grows.
 *
 * <p>Writing allocates nothing: strings are encoded to UTF-8 straight into the array. A writer over
 * a fixed array throws {@link WireOverflowException} when the array is full; a {@linkplain
 * #growable growable} one replaces its array with one twice as large. Reuse one writer for many
 * messages with {@link #reset()}. Not thread-safe.
 *
 * <p>The {@code write...} methods are what generated codecs call; applications usually go through
 * {@link CodecRegistry#encode}. Every reference may be null: lengths, counts and enum ordinals are
 * written plus one, with 0 meaning null, and the other nullable values are preceded by a presence
 * byte.
 *
 * @since 0.1
 */
public final class WireWriter {
  /** How deep wire types may nest inside one another, as {@link WireReader} accepts. */
  public static final int MAX_DEPTH = 64;

  private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private byte[] buffer;
  private final int start;
  private int limit;
  private int position;
  private int depth;
  private final boolean growable;

  /** A writer over all of {@code buffer}. */
  public WireWriter(byte[] buffer) {
    this(buffer, 0, buffer.length);
  }

  /** A writer over {@code buffer[offset]} to {@code buffer[offset + length - 1]}. */
  public WireWriter(byte[] buffer, int offset, int length) {
    this(buffer, offset, length, false);
  }

  /**
   * A writer over a heap buffer's space from its position to its limit. The buffer's position is
   * not moved: after writing, advance it by {@link #position()}.
   *
   * @throws IllegalArgumentException for a direct or read-only buffer, which has no array to write
   *     into; encode into a {@code byte[]} and {@code put} it instead
   */
  public WireWriter(ByteBuffer buffer) {
    this(arrayOf(buffer), buffer.arrayOffset() + buffer.position(), buffer.remaining(), false);
  }

  private WireWriter(byte[] buffer, int offset, int length, boolean growable) {
    if (offset < 0 || length < 0 || offset > buffer.length - length) {
      throw new IndexOutOfBoundsException(
          "offset "
              + offset
              + " and length "
              + length
              + " do not fit an array of "
              + buffer.length);
    }
    this.buffer = buffer;
    this.start = offset;
    this.position = offset;
    this.limit = offset + length;
    this.growable = growable;
  }

  /** A writer that starts with an array of {@code initialCapacity} bytes and grows it as needed. */
  public static WireWriter growable(int initialCapacity) {
    return new WireWriter(
        new byte[Math.max(16, initialCapacity)], 0, Math.max(16, initialCapacity), true);
  }

  private static byte[] arrayOf(ByteBuffer buffer) {
    if (!buffer.hasArray()) {
      throw new IllegalArgumentException(
          "a WireWriter needs a heap ByteBuffer that is not read-only"
              + " (this one is "
              + (buffer.isDirect() ? "direct" : "read-only")
              + "): encode into a byte[] and put it into the buffer");
    }
    return buffer.array();
  }

  /** How many bytes have been written since the start (or the last {@link #reset()}). */
  public int position() {
    return position - start;
  }

  /** Forgets what was written, to write the next message from the start. */
  public void reset() {
    position = start;
    depth = 0;
  }

  /**
   * The array written into: the caller's, or for a growable writer the current one. The output is
   * at {@link #offset()} to {@code offset() + position()}.
   */
  public byte[] buffer() {
    return buffer;
  }

  /** Where the output starts in {@link #buffer()}. */
  public int offset() {
    return start;
  }

  /** A copy of what was written. */
  public byte[] toByteArray() {
    return Arrays.copyOfRange(buffer, start, position);
  }

  // ---- primitives ------------------------------------------------------------------------

  /** Writes the value; {@link WireReader#readBoolean} reads it back. */
  public void writeBoolean(boolean value) {
    require(1);
    buffer[position++] = (byte) (value ? 1 : 0);
  }

  /** Writes the value; {@link WireReader#readByte} reads it back. */
  public void writeByte(byte value) {
    require(1);
    buffer[position++] = value;
  }

  /** A variable-length integer, zigzag-encoded as {@link #writeInt}. */
  public void writeShort(short value) {
    writeInt(value);
  }

  /** A variable-length unsigned integer: one byte below 128. */
  public void writeChar(char value) {
    writeUnsigned(value);
  }

  /** A zigzag variable-length integer: one byte from -64 to 63, at most five. */
  public void writeInt(int value) {
    writeUnsigned((value << 1) ^ (value >> 31));
  }

  /** A zigzag variable-length integer: one byte from -64 to 63, at most ten. */
  public void writeLong(long value) {
    writeUnsigned((value << 1) ^ (value >> 63));
  }

  /** Four bytes, little-endian, the exact bits (NaN payloads included). */
  public void writeFloat(float value) {
    writeFixedInt(Float.floatToRawIntBits(value));
  }

  /** Eight bytes, little-endian, the exact bits (NaN payloads included). */
  public void writeDouble(double value) {
    writeFixedLong(Double.doubleToRawLongBits(value));
  }

  /** A variable-length unsigned integer, as ids, lengths and counts are written. */
  public void writeUnsigned(int value) {
    require(unsignedSize(value));
    while ((value & ~0x7F) != 0) {
      buffer[position++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    buffer[position++] = (byte) value;
  }

  private void writeUnsigned(long value) {
    require(unsignedSize(value));
    while ((value & ~0x7FL) != 0) {
      buffer[position++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    buffer[position++] = (byte) value;
  }

  private void writeFixedInt(int value) {
    require(4);
    byte[] b = buffer;
    int p = position;
    b[p] = (byte) value;
    b[p + 1] = (byte) (value >>> 8);
    b[p + 2] = (byte) (value >>> 16);
    b[p + 3] = (byte) (value >>> 24);
    position = p + 4;
  }

  private void writeFixedLong(long value) {
    writeFixedInt((int) value);
    writeFixedInt((int) (value >>> 32));
  }

  // ---- nullable values -------------------------------------------------------------------

  /** The null of a string, array, collection, enum or nested wire type: a single 0. */
  public void writeNull() {
    require(1);
    buffer[position++] = 0;
  }

  /** The count of a collection or array that is not null: {@code size + 1}. */
  public void writeCount(int size) {
    if (size < 0 || size == Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a collection cannot have " + size + " elements");
    }
    writeUnsigned(size + 1);
  }

  /** A presence byte, 1 if {@code value} is not null; the value follows it. */
  private boolean present(Object value) {
    writeBoolean(value != null);
    return value != null;
  }

  /** Writes the value (or null); {@link WireReader#readBoxedBoolean} reads it back. */
  public void writeBoxedBoolean(Boolean value) {
    if (present(value)) {
      writeBoolean(value);
    }
  }

  /** Writes the value (or null); {@link WireReader#readBoxedByte} reads it back. */
  public void writeBoxedByte(Byte value) {
    if (present(value)) {
      writeByte(value);
    }
  }

  /** Writes the value (or null); {@link WireReader#readBoxedShort} reads it back. */
  public void writeBoxedShort(Short value) {
    if (present(value)) {
      writeShort(value);
    }
  }

  /** Writes the value (or null); {@link WireReader#readBoxedChar} reads it back. */
  public void writeBoxedChar(Character value) {
    if (present(value)) {
      writeChar(value);
    }
  }

  /** Writes the value (or null); {@link WireReader#readBoxedInt} reads it back. */
  public void writeBoxedInt(Integer value) {
    if (present(value)) {
      writeInt(value);
    }
  }

  /** Writes the value (or null); {@link WireReader#readBoxedLong} reads it back. */
  public void writeBoxedLong(Long value) {
    if (present(value)) {
      writeLong(value);
    }
  }

  /** Writes the value (or null); {@link WireReader#readBoxedFloat} reads it back. */
  public void writeBoxedFloat(Float value) {
    if (present(value)) {
      writeFloat(value);
    }
  }

  /** Writes the value (or null); {@link WireReader#readBoxedDouble} reads it back. */
  public void writeBoxedDouble(Double value) {
    if (present(value)) {
      writeDouble(value);
    }
  }

  /**
   * UTF-8, after its length in bytes plus one. An unpaired surrogate, which UTF-8 cannot hold, is
   * written as {@code '?'}, as {@link String#getBytes} does.
   */
  public void writeString(String value) {
    if (value == null) {
      writeNull();
      return;
    }
    int chars = value.length();
    // below 42 chars the length takes one byte whatever the text (3 bytes a char at most), so
    // it is written after the text, without measuring first
    if (chars < 42 && limit - position > 3 * chars) {
      int lengthAt = position++;
      position = encodeUtf8(value, chars, position);
      buffer[lengthAt] = (byte) (position - lengthAt);
      return;
    }
    int bytes = utf8Length(value, chars);
    writeCount(bytes);
    require(bytes);
    position = encodeUtf8(value, chars, position);
  }

  private int encodeUtf8(String value, int chars, int at) {
    byte[] b = buffer;
    int i = 0;
    while (i < chars) {
      char c = value.charAt(i++);
      if (c < 0x80) {
        b[at++] = (byte) c;
      } else if (c < 0x800) {
        b[at++] = (byte) (0xC0 | (c >>> 6));
        b[at++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i < chars
          && Character.isLowSurrogate(value.charAt(i))) {
        int code = Character.toCodePoint(c, value.charAt(i++));
        b[at++] = (byte) (0xF0 | (code >>> 18));
        b[at++] = (byte) (0x80 | ((code >>> 12) & 0x3F));
        b[at++] = (byte) (0x80 | ((code >>> 6) & 0x3F));
        b[at++] = (byte) (0x80 | (code & 0x3F));
      } else if (Character.isSurrogate(c)) {
        b[at++] = '?';
      } else {
        b[at++] = (byte) (0xE0 | (c >>> 12));
        b[at++] = (byte) (0x80 | ((c >>> 6) & 0x3F));
        b[at++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return at;
  }

  private static int utf8Length(String value, int chars) {
    long bytes = chars;
    for (int i = 0; i < chars; i++) {
      char c = value.charAt(i);
      if (c >= 0x80) {
        if (c < 0x800) {
          bytes += 1;
        } else if (Character.isHighSurrogate(c)
            && i + 1 < chars
            && Character.isLowSurrogate(value.charAt(i + 1))) {
          bytes += 2; // four bytes for the two chars of the pair
          i++;
        } else if (!Character.isSurrogate(c)) {
          bytes += 2;
        }
      }
    }
    if (bytes > MAX_ARRAY) {
      throw new IllegalArgumentException(
          "a string of " + bytes + " UTF-8 bytes is too long to write");
    }
    return (int) bytes;
  }

  /** The ordinal plus one, or 0 for null. */
  public void writeEnum(Enum<?> value) {
    if (value == null) {
      writeNull();
    } else {
      writeUnsigned(value.ordinal() + 1);
    }
  }

  /** Presence byte, seconds since the epoch (zigzag), nanoseconds. */
  public void writeInstant(Instant value) {
    if (present(value)) {
      writeLong(value.getEpochSecond());
      writeUnsigned(value.getNano());
    }
  }

  /** Presence byte, seconds (zigzag), nanoseconds. */
  public void writeDuration(Duration value) {
    if (present(value)) {
      writeLong(value.getSeconds());
      writeUnsigned(value.getNano());
    }
  }

  /** Presence byte, then the two halves, 16 bytes. */
  public void writeUuid(UUID value) {
    if (present(value)) {
      writeFixedLong(value.getMostSignificantBits());
      writeFixedLong(value.getLeastSignificantBits());
    }
  }

  // ---- arrays ----------------------------------------------------------------------------

  /** Count plus one, then the bytes. */
  public void writeBytes(byte[] values) {
    if (values == null) {
      writeNull();
      return;
    }
    writeCount(values.length);
    require(values.length);
    System.arraycopy(values, 0, buffer, position, values.length);
    position += values.length;
  }

  /** Writes values (or null); {@link WireReader#readBooleans} reads them back. */
  public void writeBooleans(boolean[] values) {
    if (values == null) {
      writeNull();
      return;
    }
    writeCount(values.length);
    require(values.length);
    for (boolean value : values) {
      buffer[position++] = (byte) (value ? 1 : 0);
    }
  }

  /** Writes values (or null); {@link WireReader#readShorts} reads them back. */
  public void writeShorts(short[] values) {
    if (values == null) {
      writeNull();
      return;
    }
    writeCount(values.length);
    for (short value : values) {
      writeShort(value);
    }
  }

  /** Writes values (or null); {@link WireReader#readChars} reads them back. */
  public void writeChars(char[] values) {
    if (values == null) {
      writeNull();
      return;
    }
    writeCount(values.length);
    for (char value : values) {
      writeChar(value);
    }
  }

  /** Writes values (or null); {@link WireReader#readInts} reads them back. */
  public void writeInts(int[] values) {
    if (values == null) {
      writeNull();
      return;
    }
    writeCount(values.length);
    for (int value : values) {
      writeInt(value);
    }
  }

  /** Writes values (or null); {@link WireReader#readLongs} reads them back. */
  public void writeLongs(long[] values) {
    if (values == null) {
      writeNull();
      return;
    }
    writeCount(values.length);
    for (long value : values) {
      writeLong(value);
    }
  }

  /** Writes values (or null); {@link WireReader#readFloats} reads them back. */
  public void writeFloats(float[] values) {
    if (values == null) {
      writeNull();
      return;
    }
    writeCount(values.length);
    for (float value : values) {
      writeFloat(value);
    }
  }

  /** Writes values (or null); {@link WireReader#readDoubles} reads them back. */
  public void writeDoubles(double[] values) {
    if (values == null) {
      writeNull();
      return;
    }
    writeCount(values.length);
    for (double value : values) {
      writeDouble(value);
    }
  }

  // ---- nesting ---------------------------------------------------------------------------

  /**
   * Starts a nested value whose length in bytes precedes it: reserves one byte for the length,
   * which {@link #endNested} fills in (moving the value if the length needs more).
   *
   * @return where the value starts, for {@link #endNested}
   * @throws IllegalStateException past {@link #MAX_DEPTH} levels (a cycle among the values)
   */
  public int beginNested() {
    if (depth == MAX_DEPTH) {
      throw new IllegalStateException(
          "wire values nest deeper than "
              + MAX_DEPTH
              + " levels: a value that contains itself cannot be encoded");
    }
    depth++;
    require(1);
    return position++;
  }

  /** Ends the nested value begun at {@code lengthAt}: writes its length plus one. */
  public void endNested(int lengthAt) {
    depth--;
    int length = position - lengthAt - 1;
    int value = length + 1;
    int size = unsignedSize(value);
    if (size > 1) {
      require(size - 1);
      System.arraycopy(buffer, lengthAt + 1, buffer, lengthAt + size, length);
      position += size - 1;
    }
    int p = lengthAt;
    while ((value & ~0x7F) != 0) {
      buffer[p++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    buffer[p] = (byte) value;
  }

  /** Goes back to {@code position} (as {@link #position()} gave it) after a failed message. */
  void rollBack(int position, int depth) {
    this.position = start + position;
    this.depth = depth;
  }

  int depth() {
    return depth;
  }

  // ---- space -----------------------------------------------------------------------------

  private void require(int bytes) {
    if (limit - position < bytes) {
      makeRoom(bytes);
    }
  }

  private void makeRoom(int bytes) {
    if (!growable) {
      throw new WireOverflowException(limit - start);
    }
    long needed = (long) position + bytes;
    if (needed > MAX_ARRAY) {
      throw new WireOverflowException(limit - start);
    }
    int capacity = (int) Math.min(MAX_ARRAY, Math.max(needed, 2L * buffer.length));
    buffer = Arrays.copyOf(buffer, capacity);
    limit = capacity;
  }

  static int unsignedSize(int value) {
    return (31 - Integer.numberOfLeadingZeros(value | 1)) / 7 + 1;
  }

  private static int unsignedSize(long value) {
    return (63 - Long.numberOfLeadingZeros(value | 1)) / 7 + 1;
  }
}
