package dev.herald.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a type whose values can leave the process: Herald's processor writes a codec for it ({@code
 * X_Codec} beside it, in the same package) and registers the codec for {@code
 * dev.herald.wire.CodecRegistry}, which encodes and decodes its values with no reflection.
 *
 * <p>A wire type is one of:
 *
 * <ul>
 *   <li>a record (its components are its fields, in declaration order);
 *   <li>an enum (encoded by ordinal);
 *   <li>a final class whose fields are its non-static, non-transient instance fields in declaration
 *       order, with a constructor that takes them all in that order, and for each field either an
 *       accessor ({@code x()}, {@code getX()}, {@code isX()}) or the field itself not private;
 *   <li>a sealed interface whose permitted subtypes are all wire types, so that a field or a
 *       handler can take any of them.
 * </ul>
 *
 * It may not be generic, and it must be reachable from its package (not private, not nested in a
 * private class). Its fields may be primitives and their boxes, {@code String}, {@code byte[]} and
 * other primitive arrays, enums, other wire types, {@code List}/{@code Set}/{@code Map} and {@code
 * Optional} of those, {@code Instant}, {@code Duration} and {@code UUID}. Any reference may be
 * null. Anything else is a compile error on the field.
 *
 * <p><b>Ids.</b> Every wire type has a numeric id, written before each message so that the receiver
 * knows what follows. {@link #id()} sets it explicitly: any positive {@code int}; ids below 128
 * take one byte on the wire, and ids below 16,777,216 never collide with derived ones. Without it
 * the id is derived from the type's canonical name ({@code com.acme.Chat.Line}): the 32-bit FNV-1a
 * hash of its UTF-8 bytes, read as unsigned, reduced into 16,777,216 to 2,147,483,647: {@code
 * 0x1000000 + hash % 0x7F000000}. Renaming or moving a type changes a derived id, so pin it first
 * with {@code @Wire(id = ...)} (the generated codec's {@code ID} constant shows it). Two wire types
 * with one id in a compilation are a compile error; across jars, building the registry fails and
 * names both.
 *
 * <p><b>Evolution.</b> Fields may be appended at the end; nothing else may change. A reader of the
 * older version skips the fields it does not know, and a reader of the newer version gives fields
 * missing from older data their default: 0 or {@code false} for primitives, an empty collection or
 * {@code Optional}, {@code null} for other references. Enum constants and sealed subtypes may be
 * added (at the end, for enums); an older reader rejects the values it does not know with a {@code
 * WireFormatException}. Reordering, removing or retyping a field, or reordering enum constants,
 * silently changes the meaning of old data: do not. Two changes of type are compatible: {@code int}
 * or {@code short} to {@code long}, and {@code T} to {@code Optional<T>}.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Wire {

  /** The type's wire id, a positive number; 0 (the default) derives it from the type's name. */
  int id() default 0;
}
