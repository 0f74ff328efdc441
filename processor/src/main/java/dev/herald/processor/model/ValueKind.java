package dev.herald.processor.model;

import java.util.Map;
import javax.lang.model.type.TypeKind;

/**
 * How a field's type is encoded. The simple kinds are one call on the writer and one on the reader
 * ({@code out.writeInt(x)}, {@code in.readInt()}); the others need code of their own.
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

  /** The declared types of a kind of their own, by qualified name. */
  private static final Map<String, ValueKind> DECLARED =
      Map.ofEntries(
          Map.entry("java.lang.Boolean", BOXED_BOOLEAN),
          Map.entry("java.lang.Byte", BOXED_BYTE),
          Map.entry("java.lang.Short", BOXED_SHORT),
          Map.entry("java.lang.Character", BOXED_CHAR),
          Map.entry("java.lang.Integer", BOXED_INT),
          Map.entry("java.lang.Long", BOXED_LONG),
          Map.entry("java.lang.Float", BOXED_FLOAT),
          Map.entry("java.lang.Double", BOXED_DOUBLE),
          Map.entry("java.lang.String", STRING),
          Map.entry("java.time.Instant", INSTANT),
          Map.entry("java.time.Duration", DURATION),
          Map.entry("java.util.UUID", UUID),
          Map.entry("java.util.List", LIST),
          Map.entry("java.util.Set", SET),
          Map.entry("java.util.Map", MAP),
          Map.entry("java.util.Optional", OPTIONAL));

  private final String suffix;
  private final String defaultValue;

  ValueKind(String suffix, String defaultValue) {
    this.suffix = suffix;
    this.defaultValue = defaultValue;
  }

  /** The kind of a primitive type; {@code null} for any other type. */
  public static ValueKind ofPrimitive(TypeKind type) {
    switch (type) {
      case BOOLEAN:
        return BOOLEAN;
      case BYTE:
        return BYTE;
      case SHORT:
        return SHORT;
      case CHAR:
        return CHAR;
      case INT:
        return INT;
      case LONG:
        return LONG;
      case FLOAT:
        return FLOAT;
      case DOUBLE:
        return DOUBLE;
      default:
        return null;
    }
  }

  /**
   * The kind of an array whose components are {@code component}: primitive arrays only; {@code
   * null} for arrays of references.
   */
  public static ValueKind ofArrayOf(TypeKind component) {
    switch (component) {
      case BYTE:
        return BYTES;
      case BOOLEAN:
        return BOOLEANS;
      case SHORT:
        return SHORTS;
      case CHAR:
        return CHARS;
      case INT:
        return INTS;
      case LONG:
        return LONGS;
      case FLOAT:
        return FLOATS;
      case DOUBLE:
        return DOUBLES;
      default:
        return null;
    }
  }

  /**
   * The kind of a JDK class Herald encodes (a box, {@code String}, {@code Instant}, {@code
   * Duration}, {@code UUID}) or of a container, by its qualified name; {@code null} for any other
   * class, enums and {@code @Wire} types included.
   */
  public static ValueKind ofDeclared(String qualifiedName) {
    return DECLARED.get(qualifiedName);
  }

  /** A list, set, map or optional: the kinds whose type has type arguments. */
  public boolean container() {
    return this == LIST || this == SET || this == MAP || this == OPTIONAL;
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
   * The value of a field that older data lacks, as Java source; {@code null} for the containers,
   * whose default (empty) the writer spells.
   */
  public String defaultValue() {
    return defaultValue;
  }
}
