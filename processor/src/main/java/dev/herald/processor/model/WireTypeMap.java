package dev.herald.processor.model;

import java.util.List;
import java.util.Objects;

/**
 * What the message map records of a {@code @Wire} type: its id, its fields' types, and its
 * hierarchy.
 *
 * @param wire the wire type, whose element is the map file's one originating element
 * @param name its binary name
 * @param fields a record's or final class's fields, in wire order; empty otherwise
 * @param subtypes a sealed interface's permitted subtypes by binary name, in declaration order;
 *     empty otherwise
 * @param types the type and all its supertypes, sorted by name
 */
public record WireTypeMap(
    WireType wire, String name, List<Field> fields, List<String> subtypes, List<KnownType> types) {

  /**
   * One field.
   *
   * @param name the field's name
   * @param type its type by binary names, with its type arguments: {@code
   *     java.util.List<demo.Outer$Inner>}
   */
  public record Field(String name, String type) {}

  public WireTypeMap {
    Objects.requireNonNull(wire, "wire");
    Objects.requireNonNull(name, "name");
    fields = List.copyOf(fields);
    subtypes = List.copyOf(subtypes);
    types = List.copyOf(types);
  }
}
