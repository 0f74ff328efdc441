package dev.herald.wire;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads the wire format from a byte array or a {@link ByteBuffer}, trusting nothing in it.
 *
 * <p>Every read is checked against the end of the value being read (a nested record's length bounds
 * its fields, a frame's bounds the message). A length or count is checked against the bytes that
 * are left before anything is allocated for it, strings must be valid UTF-8, enum ordinals must
 * exist, and values may nest at most {@link WireWriter#MAX_DEPTH} levels deep. Any violation is a
 * {@link WireFormatException} naming what was wrong and its offset from the start of the input.
 *
 * <p>What the input can make is bounded too: every object created because the input says so is
 * charged against a {@link DecodeBudget} before it is created, the whole input's by default, each
 * frame's when a {@link CodecRegistry} decodes it. Empty and absent collections and empty strings
 * are shared immutable values, not new ones.
 *
 * <p>Reuse one reader for many inputs with {@link #reset}. Not thread-safe.
 *
 * @since 0.1
 */
public final class WireReader {
  /** What {@link #enterNested} and {@link #readCount} return for a null value. */
  public static final int NULL = -1;

  private static final long MIN_INSTANT_SECONDS = Instant.MIN.getEpochSecond();
  private static final long MAX_INSTANT_SECONDS = Instant.MAX.getEpochSecond();

  private byte[] buffer;
  private int start;
  private int end;
  private int limit;
  private int position;
  private int depth;

  private DecodeBudget budget;

  /** The size of what the budget is for: the frame, or the whole input. */
  private int budgetedBytes;

  private long allowance;
  private long charged;

  /** A reader with no input yet; give it some with {@link #reset}. */
  public WireReader() {
    this(new byte[0]);
  }

  /** A reader of all of {@code input}. */
  public WireReader(byte[] input) {
    reset(input, 0, input.length);
  }

  /** A reader of {@code input[offset]} to {@code input[offset + length - 1]}. */
  public WireReader(byte[] input, int offset, int length) {
    reset(input, offset, length);
  }

  /**
   * A reader of a buffer's bytes from its position to its limit; the buffer's position is not
   * moved. A direct or read-only buffer is copied first, since it has no array to read.
   */
  public WireReader(ByteBuffer input) {
    reset(input);
  }

  /** Reads {@code input[offset]} to {@code input[offset + length - 1]} from now on. */
  public void reset(byte[] input, int offset, int length) {
    if (offset < 0 || length < 0 || offset > input.length - length) {
      throw new IndexOutOfBoundsException(
          "offset " + offset + " and length " + length + " do not fit an array of " + input.length);
    }
    buffer = input;
    start = offset;
    position = offset;
    end = offset + length;
    limit = end;
    depth = 0;
    startBudget(DecodeBudget.DEFAULT, length);
  }

  /** Reads a buffer's bytes from its position to its limit from now on. */
  public void reset(ByteBuffer input) {
    if (input.hasArray()) {
      reset(input.array(), input.arrayOffset() + input.position(), input.remaining());
    } else {
      byte[] copy = new byte[input.remaining()];
      input.duplicate().get(copy);
      reset(copy, 0, copy.length);
    }
  }

  /** Bytes read since the start of the input. */
  public int position() {
    return position - start;
  }

  /** Whether input is left (at the top level: another frame may follow). */
  public boolean hasRemaining() {
    return position < end;
  }

  /** Bytes left in the input. */
  public int remaining() {
    return end - position;
  }

  /**
   * Whether the value being read has more bytes: a record written by an older version ends before
   * its newer fields, which then take their defaults.
   */
  public boolean hasMore() {
    return position < limit;
  }

  // ---- the decode budget -----------------------------------------------------------------

  /** Charges from now on against {@code budget}'s allowance for {@code bytes} of input. */
  void startBudget(DecodeBudget budget, int bytes) {
    this.budget = budget;
    budgetedBytes = bytes;
    allowance = budget.allowanceFor(bytes);
    charged = 0;
  }

  /**
   * Bytes of objects charged so far against the budget of the frame being (or last) decoded, or of
   * the whole input when no registry decoded it: see {@link DecodeBudget}.
   */
  public long charged() {
    return charged;
  }

  /**
   * Charges a record or final class of {@code fields} fields, which a codec is about to make.
   *
   * @throws WireFormatException if the budget would be exceeded
   */
  public void chargeObject(int fields) {
    charge(DecodeBudget.OBJECT + (long) DecodeBudget.FIELD * fields);
  }

  private void charge(long bytes) {
    charged += bytes;
    if (charged > allowance) {
      throw budget.exceeded(budgetedBytes, charged, position - start);
    }
  }

  // ---- primitives ------------------------------------------------------------------------

  /** Reads what {@link WireWriter#writeBoolean} wrote. */
  public boolean readBoolean() {
    int at = position;
    byte b = readByte();
    if (b == 0) {
      return false;
    }
    if (b == 1) {
      return true;
    }
    throw new WireFormatException("a boolean must be 0 or 1, not " + b, at - start);
  }

  /** Reads what {@link WireWriter#writeByte} wrote. */
  public byte readByte() {
    need(1);
    return buffer[position++];
  }

  /** Reads what {@link WireWriter#writeShort} wrote. */
  public short readShort() {
    int at = position;
    int value = readInt();
    if (value != (short) value) {
      throw new WireFormatException(value + " does not fit a short", at - start);
    }
    return (short) value;
  }

  /** Reads what {@link WireWriter#writeChar} wrote. */
  public char readChar() {
    int at = position;
    int value = readUnsigned();
    if ((value & ~0xFFFF) != 0) {
      throw new WireFormatException((value & 0xFFFFFFFFL) + " does not fit a char", at - start);
    }
    return (char) value;
  }

  /** Reads what {@link WireWriter#writeInt} wrote. */
  public int readInt() {
    int value = readUnsigned();
    return (value >>> 1) ^ -(value & 1);
  }

  /** Reads what {@link WireWriter#writeLong} wrote. */
  public long readLong() {
    long value = readUnsignedLong();
    return (value >>> 1) ^ -(value & 1);
  }

  /** Reads what {@link WireWriter#writeFloat} wrote. */
  public float readFloat() {
    return Float.intBitsToFloat(readFixedInt());
  }

  /** Reads what {@link WireWriter#writeDouble} wrote. */
  public double readDouble() {
    return Double.longBitsToDouble(readFixedLong());
  }

  /** A variable-length unsigned integer of at most five bytes, as ids, lengths and counts are. */
  public int readUnsigned() {
    int at = position;
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (position >= limit) {
        throw truncated(at, "an integer");
      }
      byte b = buffer[position++];
      if (shift == 28 && (b & 0xF0) != 0) {
        throw new WireFormatException("an integer longer than 32 bits", at - start);
      }
      value |= (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
    throw new WireFormatException("an integer longer than 32 bits", at - start);
  }

  private long readUnsignedLong() {
    int at = position;
    long value = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (position >= limit) {
        throw truncated(at, "an integer");
      }
      byte b = buffer[position++];
      if (shift == 63 && (b & 0xFE) != 0) {
        throw new WireFormatException("an integer longer than 64 bits", at - start);
      }
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
    throw new WireFormatException("an integer longer than 64 bits", at - start);
  }

  private int readFixedInt() {
    need(4);
    byte[] b = buffer;
    int p = position;
    position = p + 4;
    return (b[p] & 0xFF)
        | (b[p + 1] & 0xFF) << 8
        | (b[p + 2] & 0xFF) << 16
        | (b[p + 3] & 0xFF) << 24;
  }

  private long readFixedLong() {
    long low = readFixedInt() & 0xFFFFFFFFL;
    return low | (long) readFixedInt() << 32;
  }

  // ---- nullable values -------------------------------------------------------------------

  /**
   * The count of a collection or array that the writer wrote with {@link WireWriter#writeCount},
   * checked against what is left: each element takes at least {@code minBytesEach} bytes. Charges
   * nothing to the decode budget: a collection's codec reads its count with {@link #readListCount},
   * {@link #readSetCount} or {@link #readMapCount}, which do.
   *
   * @return the count, or {@link #NULL}
   */
  public int readCount(int minBytesEach) {
    int at = position;
    int value = readUnsigned();
    if (value == 0) {
      return NULL;
    }
    int count = value - 1;
    if (count < 0 || count > (limit - position) / minBytesEach) {
      throw new WireFormatException(
          "a count of "
              + (value - 1 & 0xFFFFFFFFL)
              + " elements of at least "
              + minBytesEach
              + " byte"
              + (minBytesEach == 1 ? "" : "s")
              + " where "
              + (limit - position)
              + " bytes are left",
          at - start);
    }
    return count;
  }

  /**
   * The count of a list, checked against what is left, after charging the list that holds that many
   * elements: return {@link java.util.List#of()} for 0.
   *
   * @return the count, or {@link #NULL}
   */
  public int readListCount() {
    int count = readCount(1);
    if (count > 0) {
      charge(DecodeBudget.LIST + (long) DecodeBudget.LIST_ELEMENT * count);
    }
    return count;
  }

  /**
   * The count of a set, checked against what is left, after charging a set of that many elements:
   * return {@link java.util.Set#of()} for 0.
   *
   * @return the count, or {@link #NULL}
   */
  public int readSetCount() {
    int count = readCount(1);
    if (count > 0) {
      charge(DecodeBudget.SET_OR_MAP + (long) DecodeBudget.ENTRY * count);
    }
    return count;
  }

  /**
   * The count of a map's entries, checked against what is left (each takes two bytes at least),
   * after charging a map of that many entries: return {@link java.util.Map#of()} for 0.
   *
   * @return the count, or {@link #NULL}
   */
  public int readMapCount() {
    int count = readCount(2);
    if (count > 0) {
      charge(DecodeBudget.SET_OR_MAP + (long) DecodeBudget.ENTRY * count);
    }
    return count;
  }

  /** {@code value} as an {@link Optional}, the wrapper charged: empty if it is null. */
  public <T> Optional<T> optional(T value) {
    if (value == null) {
      return Optional.empty();
    }
    charge(DecodeBudget.BOX);
    return Optional.of(value);
  }

  private boolean present() {
    return readBoolean();
  }

  /** Reads what {@link WireWriter#writeBoxedBoolean} wrote. */
  public Boolean readBoxedBoolean() {
    return present() ? readBoolean() : null;
  }

  /** Reads what {@link WireWriter#writeBoxedByte} wrote. */
  public Byte readBoxedByte() {
    return present() ? readByte() : null;
  }

  /** Reads what {@link WireWriter#writeBoxedShort} wrote. */
  public Short readBoxedShort() {
    if (!present()) {
      return null;
    }
    charge(DecodeBudget.BOX);
    return readShort();
  }

  /** Reads what {@link WireWriter#writeBoxedChar} wrote. */
  public Character readBoxedChar() {
    if (!present()) {
      return null;
    }
    charge(DecodeBudget.BOX);
    return readChar();
  }

  /** Reads what {@link WireWriter#writeBoxedInt} wrote. */
  public Integer readBoxedInt() {
    if (!present()) {
      return null;
    }
    charge(DecodeBudget.BOX);
    return readInt();
  }

  /** Reads what {@link WireWriter#writeBoxedLong} wrote. */
  public Long readBoxedLong() {
    if (!present()) {
      return null;
    }
    charge(DecodeBudget.BOX);
    return readLong();
  }

  /** Reads what {@link WireWriter#writeBoxedFloat} wrote. */
  public Float readBoxedFloat() {
    if (!present()) {
      return null;
    }
    charge(DecodeBudget.BOX);
    return readFloat();
  }

  /** Reads what {@link WireWriter#writeBoxedDouble} wrote. */
  public Double readBoxedDouble() {
    if (!present()) {
      return null;
    }
    charge(DecodeBudget.BOX);
    return readDouble();
  }

  /** A string, which must be well-formed UTF-8 (no overlong forms, no surrogates). */
  public String readString() {
    int length = readCount(1);
    if (length == NULL) {
      return null;
    }
    if (length == 0) {
      return "";
    }
    int from = position;
    int to = from + length;
    for (int i = from; i < to; i++) {
      if (buffer[i] < 0) {
        int bad = Utf8.firstInvalid(buffer, i, to);
        if (bad >= 0) {
          throw new WireFormatException("a string that is not valid UTF-8", bad - start);
        }
        // perhaps beyond Latin-1: then two bytes a char, and never more chars than UTF-8 bytes
        charge(DecodeBudget.STRING + 2L * length);
        position = to;
        return new String(buffer, from, length, StandardCharsets.UTF_8);
      }
    }
    charge(DecodeBudget.STRING + (long) length);
    position = to;
    return new String(buffer, from, length, StandardCharsets.ISO_8859_1);
  }

  /**
   * An enum constant by its ordinal plus one (0 is null).
   *
   * @param constants the enum's {@code values()}, which the calling codec keeps
   */
  public <E extends Enum<E>> E readEnum(E[] constants) {
    int at = position;
    int value = readUnsigned();
    if (value == 0) {
      return null;
    }
    int ordinal = value - 1;
    if (ordinal < 0 || ordinal >= constants.length) {
      throw new WireFormatException(
          "enum ordinal "
              + (ordinal & 0xFFFFFFFFL)
              + " is out of range: "
              + constants.getClass().getComponentType().getName()
              + " has "
              + constants.length
              + " constants (was it written by a newer version?)",
          at - start);
    }
    return constants[ordinal];
  }

  /** Reads what {@link WireWriter#writeInstant} wrote. */
  public Instant readInstant() {
    if (!present()) {
      return null;
    }
    int at = position;
    long seconds = readLong();
    int nanos = readNanos();
    if (seconds < MIN_INSTANT_SECONDS || seconds > MAX_INSTANT_SECONDS) {
      throw new WireFormatException(
          "an Instant of " + seconds + " seconds is out of range", at - start);
    }
    charge(DecodeBudget.BOX);
    return Instant.ofEpochSecond(seconds, nanos);
  }

  /** Reads what {@link WireWriter#writeDuration} wrote. */
  public Duration readDuration() {
    if (!present()) {
      return null;
    }
    long seconds = readLong();
    int nanos = readNanos();
    charge(DecodeBudget.BOX);
    return Duration.ofSeconds(seconds, nanos);
  }

  private int readNanos() {
    int at = position;
    int nanos = readUnsigned();
    if (nanos < 0 || nanos > 999_999_999) {
      throw new WireFormatException(
          (nanos & 0xFFFFFFFFL) + " nanoseconds is not below a second", at - start);
    }
    return nanos;
  }

  /** Reads what {@link WireWriter#writeUuid} wrote. */
  public UUID readUuid() {
    if (!present()) {
      return null;
    }
    long most = readFixedLong();
    long least = readFixedLong();
    charge(DecodeBudget.UUID);
    return new UUID(most, least);
  }

  // ---- arrays ----------------------------------------------------------------------------

  /** Reads what {@link WireWriter#writeBytes} wrote. */
  public byte[] readBytes() {
    int count = readCount(1);
    if (count == NULL) {
      return null;
    }
    chargeArray(count, 1);
    byte[] values = new byte[count];
    System.arraycopy(buffer, position, values, 0, count);
    position += count;
    return values;
  }

  /** Reads what {@link WireWriter#writeBooleans} wrote. */
  public boolean[] readBooleans() {
    int count = readCount(1);
    if (count == NULL) {
      return null;
    }
    chargeArray(count, 1);
    boolean[] values = new boolean[count];
    for (int i = 0; i < count; i++) {
      values[i] = readBoolean();
    }
    return values;
  }

  /** Reads what {@link WireWriter#writeShorts} wrote. */
  public short[] readShorts() {
    int count = readCount(1);
    if (count == NULL) {
      return null;
    }
    chargeArray(count, 2);
    short[] values = new short[count];
    for (int i = 0; i < count; i++) {
      values[i] = readShort();
    }
    return values;
  }

  /** Reads what {@link WireWriter#writeChars} wrote. */
  public char[] readChars() {
    int count = readCount(1);
    if (count == NULL) {
      return null;
    }
    chargeArray(count, 2);
    char[] values = new char[count];
    for (int i = 0; i < count; i++) {
      values[i] = readChar();
    }
    return values;
  }

  /** Reads what {@link WireWriter#writeInts} wrote. */
  public int[] readInts() {
    int count = readCount(1);
    if (count == NULL) {
      return null;
    }
    chargeArray(count, 4);
    int[] values = new int[count];
    for (int i = 0; i < count; i++) {
      values[i] = readInt();
    }
    return values;
  }

  /** Reads what {@link WireWriter#writeLongs} wrote. */
  public long[] readLongs() {
    int count = readCount(1);
    if (count == NULL) {
      return null;
    }
    chargeArray(count, 8);
    long[] values = new long[count];
    for (int i = 0; i < count; i++) {
      values[i] = readLong();
    }
    return values;
  }

  /** Reads what {@link WireWriter#writeFloats} wrote. */
  public float[] readFloats() {
    int count = readCount(4);
    if (count == NULL) {
      return null;
    }
    chargeArray(count, 4);
    float[] values = new float[count];
    for (int i = 0; i < count; i++) {
      values[i] = readFloat();
    }
    return values;
  }

  /** Reads what {@link WireWriter#writeDoubles} wrote. */
  public double[] readDoubles() {
    int count = readCount(8);
    if (count == NULL) {
      return null;
    }
    chargeArray(count, 8);
    double[] values = new double[count];
    for (int i = 0; i < count; i++) {
      values[i] = readDouble();
    }
    return values;
  }

  private void chargeArray(int count, int bytesEach) {
    charge(DecodeBudget.ARRAY + (long) bytesEach * count);
  }

  // ---- nesting ---------------------------------------------------------------------------

  /**
   * Enters a nested value that {@link WireWriter#beginNested} wrote: reads its length, and reads
   * nothing past it until {@link #exitNested}.
   *
   * @return {@link #NULL} for a null value (then do not call {@link #exitNested}), otherwise what
   *     {@link #exitNested} needs
   */
  public int enterNested() {
    int at = position;
    int value = readUnsigned();
    if (value == 0) {
      return NULL;
    }
    int length = value - 1;
    if (length < 0 || length > limit - position) {
      throw new WireFormatException(
          "a value of "
              + (length & 0xFFFFFFFFL)
              + " bytes where "
              + (limit - position)
              + " are left",
          at - start);
    }
    if (depth == WireWriter.MAX_DEPTH) {
      throw new WireFormatException(
          "values nested deeper than " + WireWriter.MAX_DEPTH + " levels", at - start);
    }
    depth++;
    int outer = limit;
    limit = position + length;
    return outer;
  }

  /**
   * Leaves the nested value entered by {@link #enterNested}, skipping what is left of it (the
   * fields of a newer version).
   */
  public void exitNested(int outer) {
    position = limit;
    limit = outer;
    depth--;
  }

  /** A problem in the value being read, at the current position. */
  public WireFormatException error(String what) {
    return new WireFormatException(what, position - start);
  }

  // ---- for CodecRegistry -----------------------------------------------------------------

  int absolutePosition() {
    return position;
  }

  int limit() {
    return limit;
  }

  int depth() {
    return depth;
  }

  int offsetOf(int absolute) {
    return absolute - start;
  }

  /** After a bad frame: continue at {@code position}, in the frame's surroundings. */
  void recover(int position, int limit, int depth) {
    this.position = position;
    this.limit = limit;
    this.depth = depth;
  }

  private void need(int bytes) {
    if (limit - position < bytes) {
      throw truncated(position, bytes + " bytes");
    }
  }

  private WireFormatException truncated(int at, String what) {
    return new WireFormatException(
        "expected "
            + what
            + " but the "
            + (limit == end ? "input" : "value")
            + " ends after "
            + (limit - at)
            + " more bytes",
        at - start);
  }
}
