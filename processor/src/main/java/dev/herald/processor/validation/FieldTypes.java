package dev.herald.processor.validation;

import dev.herald.processor.GeneratedNames;
import dev.herald.processor.Messages;
import dev.herald.processor.model.ValueKind;
import dev.herald.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Decides how a field's type is encoded, or why it cannot be. */
public final class FieldTypes {

  private static final Map<String, ValueKind> DECLARED =
      Map.ofEntries(
          Map.entry("java.lang.Boolean", ValueKind.BOXED_BOOLEAN),
          Map.entry("java.lang.Byte", ValueKind.BOXED_BYTE),
          Map.entry("java.lang.Short", ValueKind.BOXED_SHORT),
          Map.entry("java.lang.Character", ValueKind.BOXED_CHAR),
          Map.entry("java.lang.Integer", ValueKind.BOXED_INT),
          Map.entry("java.lang.Long", ValueKind.BOXED_LONG),
          Map.entry("java.lang.Float", ValueKind.BOXED_FLOAT),
          Map.entry("java.lang.Double", ValueKind.BOXED_DOUBLE),
          Map.entry("java.lang.String", ValueKind.STRING),
          Map.entry("java.time.Instant", ValueKind.INSTANT),
          Map.entry("java.time.Duration", ValueKind.DURATION),
          Map.entry("java.util.UUID", ValueKind.UUID));

  private static final Map<String, ValueKind> CONTAINERS =
      Map.of(
          "java.util.List", ValueKind.LIST,
          "java.util.Set", ValueKind.SET,
          "java.util.Map", ValueKind.MAP,
          "java.util.Optional", ValueKind.OPTIONAL);

  /**
   * How {@code type} is encoded, or what is wrong with it.
   *
   * @param type the encoding, or {@code null} if there is a problem
   * @param problem the diagnostic, or {@code null}
   * @param unresolved whether the problem is a type javac could not resolve (yet)
   */
  public record Resolution(ValueType type, String problem, boolean unresolved) {
    static Resolution of(ValueType type) {
      return new Resolution(type, null, false);
    }

    static Resolution unsupported(TypeMirror type, String detail) {
      return new Resolution(null, Messages.unsupportedFieldType(type.toString(), detail), false);
    }

    static Resolution problem(String message) {
      return new Resolution(null, message, false);
    }
  }

  public static Resolution resolve(String field, TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN: return simple(ValueKind.BOOLEAN, type);
      case BYTE: return simple(ValueKind.BYTE, type);
      case SHORT: return simple(ValueKind.SHORT, type);
      case CHAR: return simple(ValueKind.CHAR, type);
      case INT: return simple(ValueKind.INT, type);
      case LONG: return simple(ValueKind.LONG, type);
      case FLOAT: return simple(ValueKind.FLOAT, type);
      case DOUBLE: return simple(ValueKind.DOUBLE, type);
      case ARRAY: return array(type);
      case TYPEVAR: return Resolution.problem(Messages.TYPE_VARIABLE_FIELD);
      case ERROR: return new Resolution(null, Messages.UNRESOLVED_FIELD_TYPE, true);
      case DECLARED: return declared(field, (DeclaredType) type);
      default: return Resolution.unsupported(type, "");
    }
  }

  private static Resolution simple(ValueKind kind, TypeMirror type) {
    return Resolution.of(ValueType.of(kind, type));
  }

  private static Resolution array(TypeMirror type) {
    TypeMirror component = ((ArrayType) type).getComponentType();
    switch (component.getKind()) {
      case BYTE: return simple(ValueKind.BYTES, type);
      case BOOLEAN: return simple(ValueKind.BOOLEANS, type);
      case SHORT: return simple(ValueKind.SHORTS, type);
      case CHAR: return simple(ValueKind.CHARS, type);
      case INT: return simple(ValueKind.INTS, type);
      case LONG: return simple(ValueKind.LONGS, type);
      case FLOAT: return simple(ValueKind.FLOATS, type);
      case DOUBLE: return simple(ValueKind.DOUBLES, type);
      default:
        return Resolution.unsupported(type, "arrays of references are not, use a List");
    }
  }

  private static Resolution declared(String field, DeclaredType type) {
    TypeElement element = (TypeElement) type.asElement();
    String name = element.getQualifiedName().toString();
    ValueKind kind = DECLARED.get(name);
    if (kind != null) {
      return simple(kind, type);
    }
    ValueKind container = CONTAINERS.get(name);
    if (container != null) {
      return container(field, container, type);
    }
    if (element.getKind() == ElementKind.ENUM) {
      return simple(ValueKind.ENUM, type);
    }
    if (isWire(element)) {
      return simple(ValueKind.WIRE, type);
    }
    boolean platform = name.startsWith("java.") || name.startsWith("javax.");
    if (!platform && (element.getKind() == ElementKind.RECORD || element.getKind() == ElementKind.CLASS
        || element.getKind() == ElementKind.INTERFACE)) {
      return Resolution.problem(Messages.notAWireFieldType(field, type.toString()));
    }
    return Resolution.unsupported(type, "");
  }

  private static Resolution container(String field, ValueKind kind, DeclaredType type) {
    List<? extends TypeMirror> arguments = type.getTypeArguments();
    if (arguments.isEmpty()) {
      return Resolution.unsupported(type, "a raw type; give its type arguments");
    }
    List<ValueType> elements = new ArrayList<>();
    for (TypeMirror argument : arguments) {
      if (argument.getKind() == TypeKind.WILDCARD) {
        return Resolution.unsupported(type, "wildcards are not, name the element type");
      }
      if (kind == ValueKind.OPTIONAL && argument.getKind() == TypeKind.DECLARED
          && CONTAINERS.get(((TypeElement) ((DeclaredType) argument).asElement())
              .getQualifiedName().toString()) == ValueKind.OPTIONAL) {
        return Resolution.unsupported(type, "an Optional of an Optional is not (on the wire, an empty"
            + " Optional is a null element)");
      }
      Resolution element = resolve(field, argument);
      if (element.type() == null) {
        return element;
      }
      elements.add(element.type());
    }
    return Resolution.of(new ValueType(kind, type, elements));
  }

  public static boolean isWire(TypeElement element) {
    for (AnnotationMirror annotation : element.getAnnotationMirrors()) {
      if (((TypeElement) annotation.getAnnotationType().asElement())
          .getQualifiedName().contentEquals(GeneratedNames.WIRE)) {
        return true;
      }
    }
    return false;
  }

  private FieldTypes() {}
}
