package dev.herald.processor.validation;

import java.util.Objects;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * One compile error: where and what.
 *
 * @param element the most specific element (the handler method, or the listener class for problems
 *     of inherited handlers; the field of a {@code @Wire} type, or the type)
 * @param annotation the {@code @Subscribe} or {@code @Wire} mirror on {@code element}, or {@code
 *     null}
 * @param message a text from {@link dev.herald.processor.Diagnostics}
 */
public record Problem(Element element, AnnotationMirror annotation, String message) {

  public Problem {
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(message, "message");
  }

  /** Prints this problem as a compile error. */
  public void printTo(Messager messager) {
    if (annotation == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, message, element);
    } else {
      messager.printMessage(Diagnostic.Kind.ERROR, message, element, annotation);
    }
  }
}
