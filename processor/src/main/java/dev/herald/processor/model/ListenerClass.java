package dev.herald.processor.model;

import java.util.List;
import java.util.Objects;
import javax.lang.model.element.TypeElement;

/**
 * A valid listener class and everything its dispatcher needs.
 *
 * @param element the listener class, also the generated file's originating element
 * @param binaryName its binary name ({@code demo.Outer$Inner})
 * @param dispatcher the dispatcher to generate
 * @param handlers the handler table, in the order the dispatcher lists it
 * @param throwsClause what {@code call} and {@code invoke} declare
 */
public record ListenerClass(
    TypeElement element,
    String binaryName,
    QualifiedName dispatcher,
    List<HandlerMethod> handlers,
    ThrowsClause throwsClause) {

  public ListenerClass {
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(binaryName, "binaryName");
    Objects.requireNonNull(dispatcher, "dispatcher");
    Objects.requireNonNull(throwsClause, "throwsClause");
    handlers = List.copyOf(handlers);
    if (handlers.isEmpty()) {
      throw new IllegalArgumentException("A listener has at least one handler: " + binaryName);
    }
  }
}
