package dev.herald.processor.model;

import dev.herald.processor.GeneratedNames;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Reads {@code @Wire} by name, never by loading its class: the processor path needs only the
 * processor's jar.
 */
public final class WireAnnotation {

  /** The {@code @Wire} on {@code type}, or {@code null}: where its diagnostics point. */
  public static AnnotationMirror mirrorOn(TypeElement type) {
    for (AnnotationMirror annotation : type.getAnnotationMirrors()) {
      if (((TypeElement) annotation.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals(GeneratedNames.WIRE)) {
        return annotation;
      }
    }
    return null;
  }

  /** Whether {@code type} is a {@code @Wire} type, so it has a codec of its own. */
  public static boolean isOn(TypeElement type) {
    return mirrorOn(type) != null;
  }

  /** The id that {@code @Wire(id = ...)} gives {@code type}; 0, the default, if none. */
  public static int explicitId(TypeElement type) {
    AnnotationMirror wire = mirrorOn(type);
    if (wire == null) {
      return 0;
    }
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        wire.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals("id")
          && entry.getValue().getValue() instanceof Integer id) {
        return id;
      }
    }
    return 0;
  }

  private WireAnnotation() {}
}
