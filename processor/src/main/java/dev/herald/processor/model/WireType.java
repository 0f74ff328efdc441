package dev.herald.processor.model;

import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * A valid {@code @Wire} type, ready to be written.
 *
 * @param element the type
 * @param kind what sort of type it is
 * @param codec the generated codec's name
 * @param id its wire id
 * @param explicitId whether the id was given in {@code @Wire(id = ...)}
 * @param fields a record's or final class's fields in wire order; empty otherwise
 * @param subtypes a sealed interface's permitted subtypes in declaration order; empty otherwise
 */
public record WireType(
    TypeElement element,
    Kind kind,
    QualifiedName codec,
    int id,
    boolean explicitId,
    List<WireField> fields,
    List<TypeElement> subtypes) {

  public enum Kind {
    RECORD,
    FINAL_CLASS,
    ENUM,
    SEALED_INTERFACE
  }

  public WireType {
    fields = List.copyOf(fields);
    subtypes = List.copyOf(subtypes);
  }
}
