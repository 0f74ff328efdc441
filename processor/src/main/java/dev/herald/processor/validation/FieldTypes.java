package dev.herald.processor.validation;

import dev.herald.processor.Diagnostics;
import dev.herald.processor.model.ValueKind;
import dev.herald.processor.model.WireAnnotation;
import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Why a field's type cannot be encoded, if it cannot. Which kind an encodable type has is {@link
 * ValueKind}'s answer, the one {@code model.WireModels} builds the model with.
 */
final class FieldTypes {

  /**
   * What is wrong with a field's type.
   *
   * @param message the diagnostic
   * @param unresolved whether it is a type javac could not resolve (yet)
   */
  record Unencodable(String message, boolean unresolved) {
    static Unencodable unsupported(TypeMirror type, String detail) {
      return new Unencodable(Diagnostics.unsupportedFieldType(type.toString(), detail), false);
    }

    static Unencodable problem(String message) {
      return new Unencodable(message, false);
    }
  }

  /** What is wrong with {@code type} as the type of {@code field}; {@code null} if nothing. */
  static Unencodable check(String field, TypeMirror type) {
    if (ValueKind.ofPrimitive(type.getKind()) != null) {
      return null;
    }
    switch (type.getKind()) {
      case ARRAY:
        return array(type);
      case TYPEVAR:
        return Unencodable.problem(Diagnostics.TYPE_VARIABLE_FIELD);
      case ERROR:
        return new Unencodable(Diagnostics.UNRESOLVED_FIELD_TYPE, true);
      case DECLARED:
        return declared(field, (DeclaredType) type);
      default:
        return Unencodable.unsupported(type, "");
    }
  }

  private static Unencodable array(TypeMirror type) {
    if (ValueKind.ofArrayOf(((ArrayType) type).getComponentType().getKind()) != null) {
      return null;
    }
    return Unencodable.unsupported(type, "arrays of references are not, use a List");
  }

  private static Unencodable declared(String field, DeclaredType type) {
    TypeElement element = (TypeElement) type.asElement();
    String name = element.getQualifiedName().toString();
    ValueKind kind = ValueKind.ofDeclared(name);
    if (kind != null) {
      return kind.container() ? container(field, kind, type) : null;
    }
    if (element.getKind() == ElementKind.ENUM || WireAnnotation.isOn(element)) {
      return null;
    }
    boolean platform = name.startsWith("java.") || name.startsWith("javax.");
    if (!platform
        && (element.getKind() == ElementKind.RECORD
            || element.getKind() == ElementKind.CLASS
            || element.getKind() == ElementKind.INTERFACE)) {
      return Unencodable.problem(Diagnostics.notAWireFieldType(field, type.toString()));
    }
    return Unencodable.unsupported(type, "");
  }

  private static Unencodable container(String field, ValueKind kind, DeclaredType type) {
    List<? extends TypeMirror> arguments = type.getTypeArguments();
    if (arguments.isEmpty()) {
      return Unencodable.unsupported(type, "a raw type; give its type arguments");
    }
    for (TypeMirror argument : arguments) {
      if (argument.getKind() == TypeKind.WILDCARD) {
        return Unencodable.unsupported(type, "wildcards are not, name the element type");
      }
      if (kind == ValueKind.OPTIONAL
          && argument.getKind() == TypeKind.DECLARED
          && ValueKind.ofDeclared(
                  ((TypeElement) ((DeclaredType) argument).asElement())
                      .getQualifiedName()
                      .toString())
              == ValueKind.OPTIONAL) {
        return Unencodable.unsupported(
            type,
            "an Optional of an Optional is not (on the wire, an"
                + " empty Optional is a null element)");
      }
      Unencodable element = check(field, argument);
      if (element != null) {
        return element;
      }
    }
    return null;
  }

  private FieldTypes() {}
}
