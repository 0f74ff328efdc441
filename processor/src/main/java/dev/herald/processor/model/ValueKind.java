package dev.herald.processor.model;

/**
 * How a field's type is encoded. The simple kinds are one call on the writer and one on the
 * reader ({@code out.writeInt(x)}, {@code in.readInt()}); the others need code of their own.
 */
public enum ValueKind {
  BOOLEAN("Boolean", "false"),
  BYTE("Byte", "(byte) 0"),
  SHORT("Short", "(short) 0"),
  CHAR("Char", "'\\0'"),
  INT("Int", "0"),
  LONG("Long", "0L"),
  FLOAT("Float", "0f"),
  DOUBLE("Double", "0d"),
  BOXED_BOOLEAN("BoxedBoolean", "null"),
  BOXED_BYTE("BoxedByte", "null"),
  BOXED_SHORT("BoxedShort", "null"),
  BOXED_CHAR("BoxedChar", "null"),
  BOXED_INT("BoxedInt", "null"),
  BOXED_LONG("BoxedLong", "null"),
  BOXED_FLOAT("BoxedFloat", "null"),
  BOXED_DOUBLE("BoxedDouble", "null"),
  STRING("String", "null"),
  BYTES("Bytes", "null"),
  BOOLEANS("Booleans", "null"),
  SHORTS("Shorts", "null"),
  CHARS("Chars", "null"),
  INTS("Ints", "null"),
  LONGS("Longs", "null"),
  FLOATS("Floats", "null"),
  DOUBLES("Doubles", "null"),
  INSTANT("Instant", "null"),
  DURATION("Duration", "null"),
  UUID("Uuid", "null"),
  /** By ordinal, inline: {@code out.writeEnum(x)}, {@code in.readEnum(CONSTANTS)}. */
  ENUM(null, "null"),
  /** Through the type's own codec: {@code X_Codec.INSTANCE.write(x, out)}. */
  WIRE(null, "null"),
  LIST(null, null),
  SET(null, null),
  MAP(null, null),
  /** The same bytes as a nullable element, empty being null. */
  OPTIONAL(null, null);

  private final String suffix;
  private final String defaultValue;

  ValueKind(String suffix, String defaultValue) {
    this.suffix = suffix;
    this.defaultValue = defaultValue;
  }

  /** Whether the writer and the reader have a method for it: {@code write<Suffix>}. */
  public boolean simple() {
    return suffix != null;
  }

  /** {@code Int} of {@code writeInt} and {@code readInt}. */
  public String suffix() {
    return suffix;
  }

  /**
   * The value of a field that older data lacks, as Java source; {@code null} for the
   * containers, whose default (empty) the writer spells.
   */
  public String defaultValue() {
    return defaultValue;
  }
}
