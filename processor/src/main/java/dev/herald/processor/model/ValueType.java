package dev.herald.processor.model;

import java.util.List;
import java.util.Objects;
import javax.lang.model.type.TypeMirror;

/**
 * A field's type as the codec encodes it.
 *
 * @param kind how it is encoded
 * @param type the type as declared
 * @param arguments the element types of a container: one for a list, set or optional, key and value
 *     for a map; none otherwise
 */
public record ValueType(ValueKind kind, TypeMirror type, List<ValueType> arguments) {

  public ValueType {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(type, "type");
    arguments = List.copyOf(arguments);
  }

  public static ValueType of(ValueKind kind, TypeMirror type) {
    return new ValueType(kind, type, List.of());
  }
}
