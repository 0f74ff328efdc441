package dev.herald.processor.model;

import dev.herald.processor.GeneratedNames;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Builds the {@link WireType} of a {@code @Wire} type that was found valid. */
public final class WireModels {
  private final Elements elements;
  private final WireFields wireFields;

  public WireModels(Elements elements, Types types) {
    this.elements = elements;
    this.wireFields = new WireFields(types);
  }

  /**
   * The model of {@code type}, which {@code validation.WireTypeValidator} found ready and without
   * problems: its kind, its codec's name, its wire id, and its fields (a record or final class) or
   * its subtypes (a sealed interface).
   */
  public WireType build(TypeElement type) {
    WireType.Kind kind = kindOf(type);
    List<WireField> fields = new ArrayList<>();
    List<TypeElement> subtypes = new ArrayList<>();
    if (kind == WireType.Kind.RECORD || kind == WireType.Kind.FINAL_CLASS) {
      for (WireFields.DeclaredField field : wireFields.of(type)) {
        fields.add(
            new WireField(
                field.name(), field.read(), ValueTypes.of(field.type()), field.element()));
      }
    } else if (kind == WireType.Kind.SEALED_INTERFACE) {
      for (TypeMirror permitted : type.getPermittedSubclasses()) {
        subtypes.add((TypeElement) ((DeclaredType) permitted).asElement());
      }
    }
    int explicitId = WireAnnotation.explicitId(type);
    int id =
        explicitId == 0 ? GeneratedNames.derivedId(type.getQualifiedName().toString()) : explicitId;
    return new WireType(
        type, kind, GeneratedNames.codecOf(type, elements), id, explicitId != 0, fields, subtypes);
  }

  private static WireType.Kind kindOf(TypeElement type) {
    switch (type.getKind()) {
      case RECORD:
        return WireType.Kind.RECORD;
      case ENUM:
        return WireType.Kind.ENUM;
      case CLASS:
        return WireType.Kind.FINAL_CLASS;
      case INTERFACE:
        return WireType.Kind.SEALED_INTERFACE;
      default:
        throw new IllegalArgumentException(
            type + " cannot be a @Wire type; the validation of wire types should have said so");
    }
  }
}
