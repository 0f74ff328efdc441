package dev.herald.processor.model;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * How a field's type is encoded, for a type that {@code validation.FieldTypes} found encodable.
 * Which kind a type has is {@link ValueKind}'s answer, the same one the validation asks, so the two
 * cannot disagree.
 */
final class ValueTypes {

  /**
   * @throws IllegalArgumentException if {@code type} cannot be encoded
   */
  static ValueType of(TypeMirror type) {
    ValueKind primitive = ValueKind.ofPrimitive(type.getKind());
    if (primitive != null) {
      return ValueType.of(primitive, type);
    }
    switch (type.getKind()) {
      case ARRAY:
        return simple(ValueKind.ofArrayOf(((ArrayType) type).getComponentType().getKind()), type);
      case DECLARED:
        return declared((DeclaredType) type);
      default:
        throw notEncodable(type);
    }
  }

  private static ValueType declared(DeclaredType type) {
    TypeElement element = (TypeElement) type.asElement();
    ValueKind kind = ValueKind.ofDeclared(element.getQualifiedName().toString());
    if (kind != null && kind.container()) {
      List<ValueType> arguments = new ArrayList<>();
      for (TypeMirror argument : type.getTypeArguments()) {
        arguments.add(of(argument));
      }
      return new ValueType(kind, type, arguments);
    }
    if (kind != null) {
      return ValueType.of(kind, type);
    }
    if (element.getKind() == ElementKind.ENUM) {
      return ValueType.of(ValueKind.ENUM, type);
    }
    return simple(WireAnnotation.isOn(element) ? ValueKind.WIRE : null, type);
  }

  private static ValueType simple(ValueKind kind, TypeMirror type) {
    if (kind == null) {
      throw notEncodable(type);
    }
    return ValueType.of(kind, type);
  }

  private static IllegalArgumentException notEncodable(TypeMirror type) {
    return new IllegalArgumentException(
        type + " cannot be encoded; the validation of wire types should have said so");
  }

  private ValueTypes() {}
}
