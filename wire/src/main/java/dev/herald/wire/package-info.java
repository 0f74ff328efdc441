/**
 * Herald's wire format: values of {@code @Wire} types encoded by codecs that the processor
 * generates, with no reflection.
 *
 * <p>{@link dev.herald.wire.CodecRegistry} finds every generated codec and turns a message into a
 * frame and back; {@link dev.herald.wire.WireWriter} and {@link dev.herald.wire.WireReader} move
 * the bytes in and out of arrays the caller owns. The format:
 *
 * <ul>
 *   <li><b>frame</b>: the wire id (unsigned varint), then the message as a nested value;
 *   <li><b>nested value</b> (a record or final class): its length in bytes plus one (unsigned
 *       varint; 0 is null), then its fields in declaration order, nothing between them;
 *   <li>{@code boolean}, {@code byte}: one byte; {@code short}, {@code int}, {@code long}: zigzag
 *       varint (one byte from -64 to 63); {@code char}: unsigned varint; {@code float}, {@code
 *       double}: 4 and 8 bytes little-endian;
 *   <li>boxes, {@code Instant}, {@code Duration}, {@code UUID}: a presence byte (0 null, 1
 *       present), then the value: the primitive; seconds (zigzag) and nanoseconds (varint); or 16
 *       bytes;
 *   <li>{@code String}: UTF-8 length plus one, then the UTF-8 bytes; arrays, lists and sets: count
 *       plus one, then the elements; maps: count plus one, then key, value, key, value; {@code
 *       byte[]} as raw bytes (0 is null for all of these);
 *   <li>enum: ordinal plus one (0 is null); sealed interface: the subtype's wire id (0 is null),
 *       then the subtype as a nested value (an enum subtype: its ordinal plus one);
 *   <li>{@code Optional<T>}: as a nullable {@code T}, empty being null.
 * </ul>
 *
 * <p>Decoding trusts nothing in the bytes, and what a frame can make is bounded by a {@link
 * dev.herald.wire.DecodeBudget}: a factor of the frame's size, and a cap.
 *
 * <p>Evolution: a record's length lets a reader skip the fields a newer writer appended, and a
 * reader gives the fields an older writer did not have their defaults (see {@code
 * dev.herald.annotation.Wire}).
 */
package dev.herald.wire;
