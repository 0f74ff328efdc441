package dev.herald.processor.model;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * The fields a codec encodes, in wire order, and how generated code reads each: a record's
 * components, or a final class's fields that are neither static nor transient. The validator checks
 * them and the model is built from them, so both see the same fields.
 */
public final class WireFields {

  /**
   * One field as declared.
   *
   * @param name the field's name
   * @param read how generated code reads it from a value: {@code x()}, {@code getX()}, {@code
   *     isX()} or {@code x}; {@code null} if it cannot (a private field without an accessor)
   * @param type the field's type
   * @param element the field, where its diagnostics go (for a record component, the private field
   *     behind it: javac cannot place a diagnostic on the component element itself)
   */
  public record DeclaredField(String name, String read, TypeMirror type, Element element) {}

  private final Types types;

  public WireFields(Types types) {
    this.types = types;
  }

  /** The fields of a record or a final class, in declaration order. */
  public List<DeclaredField> of(TypeElement type) {
    List<DeclaredField> fields = new ArrayList<>();
    if (type.getKind() == ElementKind.RECORD) {
      for (RecordComponentElement component : type.getRecordComponents()) {
        String name = component.getSimpleName().toString();
        fields.add(
            new DeclaredField(name, name + "()", component.asType(), fieldOf(type, component)));
      }
      return fields;
    }
    for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
      if (!field.getModifiers().contains(Modifier.STATIC)
          && !field.getModifiers().contains(Modifier.TRANSIENT)) {
        fields.add(
            new DeclaredField(
                field.getSimpleName().toString(), accessor(type, field), field.asType(), field));
      }
    }
    return fields;
  }

  private static Element fieldOf(TypeElement record, RecordComponentElement component) {
    for (VariableElement field : ElementFilter.fieldsIn(record.getEnclosedElements())) {
      if (field.getSimpleName().equals(component.getSimpleName())) {
        return field;
      }
    }
    return component;
  }

  /** {@code x()}, {@code getX()}, {@code isX()} (a boolean), or the field if it is not private. */
  private String accessor(TypeElement type, VariableElement field) {
    String name = field.getSimpleName().toString();
    String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
    List<String> candidates = new ArrayList<>(List.of(name, "get" + capitalized));
    if (field.asType().getKind() == TypeKind.BOOLEAN) {
      candidates.add("is" + capitalized);
    }
    for (String candidate : candidates) {
      for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
        if (method.getSimpleName().contentEquals(candidate)
            && method.getParameters().isEmpty()
            && !method.getModifiers().contains(Modifier.PRIVATE)
            && !method.getModifiers().contains(Modifier.STATIC)
            && types.isSameType(method.getReturnType(), field.asType())) {
          return candidate + "()";
        }
      }
    }
    return field.getModifiers().contains(Modifier.PRIVATE) ? null : name;
  }
}
