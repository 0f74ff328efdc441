package dev.herald.processor.model;

import java.util.List;
import java.util.Objects;

/**
 * A type as the compiler knew it, for the message map: its name and its direct supertypes, so that
 * a tool can draw the hierarchy of the messages without loading a class. {@code java.lang.Object},
 * the supertype of every type, is never listed.
 *
 * @param name the binary name ({@code demo.Outer$Inner}); an array's is its component's followed by
 *     {@code []}
 * @param kind what sort of type it is
 * @param supertypes the binary names of its superclass (unless {@code Object}) and then of its
 *     interfaces, erased, in declaration order
 */
public record KnownType(String name, Kind kind, List<String> supertypes) {

  /** What sort of type it is, as the map file spells it (lower case). */
  public enum Kind {
    CLASS,
    INTERFACE,
    ENUM,
    RECORD,
    ANNOTATION,
    ARRAY
  }

  public KnownType {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    supertypes = List.copyOf(supertypes);
  }
}
