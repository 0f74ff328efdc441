package dev.herald.wire;

/**
 * Encodes and decodes the values of one wire type; Herald's processor writes one for every
 * {@code @Wire} type, named {@code X_Codec}, and registers it for {@link CodecRegistry}.
 *
 * <p>{@link #encode} and {@link #decode} handle a value's <em>body</em>: a record's fields in
 * order, an enum's ordinal, a sealed interface's subtype id and subtype. {@link #write} and {@link
 * #read} handle the value as a field of another: null, or the body preceded by its length (which
 * lets an older reader skip fields it does not know). Codecs are stateless and thread-safe.
 *
 * @param <T> the wire type
 * @since 0.1
 */
public abstract class WireCodec<T> {
  private final int id;
  private final Class<T> type;

  /**
   * @param id the wire id, at least 1
   * @param type the wire type
   */
  protected WireCodec(int id, Class<T> type) {
    if (id < 1) {
      throw new IllegalArgumentException("wire ids start at 1, not " + id);
    }
    this.id = id;
    this.type = type;
  }

  /** The wire id written before every message of this type. */
  public final int id() {
    return id;
  }

  /** The wire type. */
  public final Class<T> type() {
    return type;
  }

  /** Writes the body of {@code value}, which is not null. */
  public abstract void encode(T value, WireWriter out);

  /**
   * Reads a body, up to the end of the value being read: fields missing there (written by an older
   * version) take their defaults, and bytes left after the known fields (a newer version's) are
   * skipped by whoever entered the value.
   */
  public abstract T decode(WireReader in);

  /** Writes {@code value}, which may be null, as a field of another value. */
  public void write(T value, WireWriter out) {
    if (value == null) {
      out.writeNull();
      return;
    }
    int lengthAt = out.beginNested();
    encode(value, out);
    out.endNested(lengthAt);
  }

  /**
   * Writes {@code value}, which is not null, as a whole frame: this codec's id, then the value.
   * What {@link CodecRegistry#encode} writes once it has found the codec, for a caller that knows
   * it already. If encoding fails, {@code out} may hold part of the frame.
   */
  public final void writeFrame(T value, WireWriter out) {
    out.writeUnsigned(id);
    int lengthAt = out.beginNested(); // not write: an enum's codec writes a field without one
    encode(value, out);
    out.endNested(lengthAt);
  }

  /** Reads a value that {@link #write} wrote; null if it wrote null. */
  public T read(WireReader in) {
    int outer = in.enterNested();
    if (outer == WireReader.NULL) {
      return null;
    }
    T value = decode(in);
    in.exitNested(outer);
    return value;
  }

  /**
   * For a sealed interface's codec: {@code value} is of none of the subtypes the codec was
   * generated for (a subtype compiled after it).
   */
  protected final IllegalArgumentException notASubtype(Object value) {
    return new IllegalArgumentException(
        value.getClass().getName()
            + " is not a subtype of "
            + type.getName()
            + " known to "
            + getClass().getName()
            + ": recompile them together");
  }

  /** For a sealed interface's codec: the wire names a subtype id it does not know. */
  protected final WireFormatException unknownSubtype(int subtypeId, WireReader in) {
    return in.error(
        "unknown subtype id "
            + (subtypeId & 0xFFFFFFFFL)
            + " of "
            + type.getName()
            + " (a subtype of a newer version?)");
  }

  @Override
  public String toString() {
    return getClass().getName() + "[id " + id + ", " + type.getName() + "]";
  }
}
