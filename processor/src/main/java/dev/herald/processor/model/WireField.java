package dev.herald.processor.model;

import javax.lang.model.element.Element;

/**
 * One field of a record or final class, in wire order.
 *
 * @param name the field's name, which is also the decoded local's
 * @param read how generated code reads it from a value: {@code x()}, {@code getX()} or {@code x}
 * @param type how it is encoded
 * @param element the record component or field, for diagnostics
 */
public record WireField(String name, String read, ValueType type, Element element) {}
