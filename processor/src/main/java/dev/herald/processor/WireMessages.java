package dev.herald.processor;

/**
 * Every diagnostic of the codec processors, in one place: the rule, why, and the fix. The
 * constants are the fixed part of a message (tests match on them); the methods add the details
 * of one occurrence.
 */
public final class WireMessages {

  public static final String SUPPORTED_FIELD_TYPES =
      "Supported: primitives and their boxes, String, byte[] and other primitive arrays, enums,"
          + " @Wire types, List, Set, Map and Optional of supported types, java.time.Instant,"
          + " java.time.Duration and java.util.UUID.";

  public static final String NOT_A_WIRE_KIND =
      "@Wire goes on a record, an enum, a final class or a sealed interface: Herald's codec must"
          + " know every field of every value it encodes.";

  public static final String NON_FINAL_CLASS =
      "@Wire classes must be final: a subclass could carry fields the codec does not know, and"
          + " its values would be decoded as the base class. Make the class final (or a record),"
          + " or turn the hierarchy into a sealed interface of @Wire types.";

  public static final String NON_SEALED_INTERFACE =
      "@Wire interfaces must be sealed: the codec writes which implementation a value is, so it"
          + " must know them all. Declare it sealed, with permits naming @Wire types.";

  public static final String GENERIC_TYPE =
      "@Wire types must not have type parameters: a receiver could not know what they stand for."
          + " Declare the fields with concrete types and drop the type parameters.";

  public static final String TYPE_VARIABLE_FIELD =
      "Fields of @Wire types must have concrete types, not a type variable: a receiver could not"
          + " know what to decode. Give the field a concrete type and drop the type parameter.";

  public static final String UNSUPPORTED_FIELD_TYPE =
      "This field's type cannot be encoded by Herald's generated codec.";

  public static final String NOT_A_WIRE_FIELD_TYPE =
      "This field's type is a class Herald has no codec for: annotate it @Wire, or change the"
          + " field to a supported type.";

  public static final String INVALID_ID =
      "Wire ids are positive: 1 to 127 take one byte on the wire, and ids below 16777216 never"
          + " collide with derived ones; 0, the default, derives the id from the type's name."
          + " Choose a positive id.";

  public static final String DUPLICATE_ID =
      "Two @Wire types have the same wire id, so a receiver could not tell their messages apart."
          + " Give one of them another id with @Wire(id = ...).";

  public static final String UNREACHABLE_TYPE =
      "@Wire types must be reachable from their package: the generated codec beside it creates"
          + " and reads its values directly, without reflection. Make it a top-level or static"
          + " member type that is not private, in classes that are not private.";

  public static final String NO_CANONICAL_CONSTRUCTOR =
      "@Wire classes need a constructor that takes every field, in declaration order, and is"
          + " not private: the codec decodes the fields and passes them to it.";

  public static final String PRIVATE_FIELD_WITHOUT_ACCESSOR =
      "The codec cannot read this private field of a @Wire class: add an accessor that is not"
          + " private (name(), getName(), or isName() for a boolean), or make the field"
          + " package-private.";

  public static final String SUBTYPE_NOT_WIRE =
      "Every permitted subtype of a @Wire sealed interface must be a @Wire type: the codec"
          + " encodes each value with its subtype's codec. Annotate the subtype @Wire.";

  public static final String WIRE_LIBRARY_MISSING =
      "@Wire types need herald-wire at compile time and at run time: the generated codecs"
          + " extend dev.herald.wire.WireCodec. Add the dependency dev.herald:herald-wire.";

  public static final String CODEC_NAME_TAKEN =
      "Herald cannot write this type's codec: a class with the codec's name already exists."
          + " Rename that class, or this type.";

  public static final String UNRESOLVED_FIELD_TYPE =
      "This field's type could not be resolved, so no codec was written; fix the error that"
          + " javac reports for it.";

  /** The detail of an unsupported field type. */
  public static String unsupportedFieldType(String type, String detail) {
    return UNSUPPORTED_FIELD_TYPE + " It is " + type + (detail.isEmpty() ? "" : ": " + detail)
        + ". " + SUPPORTED_FIELD_TYPES;
  }

  public static String notAWireFieldType(String field, String type) {
    return NOT_A_WIRE_FIELD_TYPE + " (" + field + " is " + type + ")";
  }

  public static String duplicateId(int id, String other) {
    return DUPLICATE_ID + " (id " + id + ", also " + other + ")";
  }

  public static String invalidId(int id) {
    return INVALID_ID + " (" + id + ")";
  }

  public static String noCanonicalConstructor(String signature) {
    return NO_CANONICAL_CONSTRUCTOR + " Declare " + signature + ".";
  }

  public static String subtypeNotWire(String subtype) {
    return SUBTYPE_NOT_WIRE + " (" + subtype + ")";
  }

  public static String codecNameTaken(String codec) {
    return CODEC_NAME_TAKEN + " (" + codec + ")";
  }

  private WireMessages() {}
}
