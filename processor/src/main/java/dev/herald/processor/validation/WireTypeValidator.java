package dev.herald.processor.validation;

import dev.herald.processor.Diagnostics;
import dev.herald.processor.GeneratedNames;
import dev.herald.processor.model.WireAnnotation;
import dev.herald.processor.model.WireFields;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reports every problem of a {@code @Wire} type, not just the first, or that it must wait for field
 * types that do not exist yet. Which fields a codec encodes is {@link WireFields}'s answer; a type
 * without problems gets its model from {@code model.WireModels}.
 */
public final class WireTypeValidator {
  private final Elements elements;
  private final Types types;
  private final WireFields wireFields;

  public WireTypeValidator(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
    this.wireFields = new WireFields(types);
  }

  public WireReport validate(TypeElement type) {
    AnnotationMirror wire = WireAnnotation.mirrorOn(type);
    List<Problem> problems = new ArrayList<>();
    if (elements.getTypeElement(GeneratedNames.WIRE_CODEC_CLASS) == null) {
      problems.add(new Problem(type, wire, Diagnostics.WIRE_LIBRARY_MISSING));
      return new WireReport(type, problems, false);
    }
    if (!reachable(type)) {
      problems.add(new Problem(type, wire, Diagnostics.UNREACHABLE_TYPE));
    }
    int explicitId = WireAnnotation.explicitId(type);
    if (explicitId < 0) {
      problems.add(new Problem(type, wire, Diagnostics.invalidId(explicitId)));
    }
    boolean deferred = false;
    switch (type.getKind()) {
      case RECORD:
        deferred = checkFields(type, wire, problems);
        break;
      case CLASS:
        if (type.getModifiers().contains(Modifier.FINAL)) {
          deferred = checkFields(type, wire, problems);
        } else {
          problems.add(new Problem(type, wire, Diagnostics.NON_FINAL_CLASS));
        }
        break;
      case ENUM:
        break;
      case INTERFACE:
        if (type.getModifiers().contains(Modifier.SEALED)) {
          checkSubtypes(type, wire, problems);
        } else {
          problems.add(new Problem(type, wire, Diagnostics.NON_SEALED_INTERFACE));
        }
        break;
      default:
        problems.add(new Problem(type, wire, Diagnostics.NOT_A_WIRE_KIND));
    }
    if (!type.getTypeParameters().isEmpty() && !hasTypeVariableField(problems)) {
      problems.add(new Problem(type, wire, Diagnostics.GENERIC_TYPE));
    }
    return new WireReport(type, problems, deferred);
  }

  private static boolean reachable(TypeElement type) {
    if (type.getNestingKind() == NestingKind.MEMBER
        && type.getKind() == ElementKind.CLASS
        && !type.getModifiers().contains(Modifier.STATIC)
        && !type.getEnclosingElement().getKind().isInterface()) {
      return false; // an inner class: its values need an instance of the outer one
    }
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (t.getModifiers().contains(Modifier.PRIVATE)
          || t.getNestingKind() == NestingKind.LOCAL
          || t.getNestingKind() == NestingKind.ANONYMOUS) {
        return false;
      }
    }
    return true;
  }

  /**
   * The fields of a record or final class: that the codec can read and encode each, and that a
   * final class has the constructor it decodes into.
   *
   * @return whether a field's type is not resolved yet
   */
  private boolean checkFields(TypeElement type, AnnotationMirror wire, List<Problem> problems) {
    boolean unresolved = false;
    List<WireFields.DeclaredField> fields = wireFields.of(type);
    for (WireFields.DeclaredField field : fields) {
      if (field.read() == null) {
        problems.add(
            new Problem(field.element(), null, Diagnostics.PRIVATE_FIELD_WITHOUT_ACCESSOR));
        continue;
      }
      FieldTypes.Unencodable unencodable = FieldTypes.check(field.name(), field.type());
      if (unencodable != null) {
        problems.add(new Problem(field.element(), null, unencodable.message()));
        unresolved |= unencodable.unresolved();
      }
    }
    if (type.getKind() == ElementKind.CLASS && !hasCanonicalConstructor(type, fields)) {
      problems.add(
          new Problem(type, wire, Diagnostics.noCanonicalConstructor(signature(type, fields))));
    }
    return unresolved;
  }

  private boolean hasCanonicalConstructor(TypeElement type, List<WireFields.DeclaredField> fields) {
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (constructor.getModifiers().contains(Modifier.PRIVATE)
          || constructor.getParameters().size() != fields.size()) {
        continue;
      }
      boolean matches = true;
      for (int i = 0; i < fields.size(); i++) {
        matches &=
            types.isSameType(constructor.getParameters().get(i).asType(), fields.get(i).type());
      }
      if (matches) {
        return true;
      }
    }
    return false;
  }

  private static String signature(TypeElement type, List<WireFields.DeclaredField> fields) {
    StringBuilder signature = new StringBuilder(type.getSimpleName()).append('(');
    for (int i = 0; i < fields.size(); i++) {
      signature
          .append(i == 0 ? "" : ", ")
          .append(fields.get(i).type())
          .append(' ')
          .append(fields.get(i).name());
    }
    return signature.append(')').toString();
  }

  private static void checkSubtypes(
      TypeElement type, AnnotationMirror wire, List<Problem> problems) {
    for (TypeMirror permitted : type.getPermittedSubclasses()) {
      TypeElement subtype = (TypeElement) ((DeclaredType) permitted).asElement();
      if (!WireAnnotation.isOn(subtype)) {
        problems.add(
            new Problem(
                type, wire, Diagnostics.subtypeNotWire(subtype.getQualifiedName().toString())));
      }
    }
  }

  private static boolean hasTypeVariableField(List<Problem> problems) {
    for (Problem problem : problems) {
      if (problem.message().equals(Diagnostics.TYPE_VARIABLE_FIELD)) {
        return true;
      }
    }
    return false;
  }
}
