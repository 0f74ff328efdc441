package dev.herald.processor.validation;

import dev.herald.processor.model.ListenerClass;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * What {@link ListenerValidator} found out about one listener class: a model to write, the
 * problems to report, or a request to wait for types that do not exist yet.
 *
 * @param listener the class looked at
 * @param model present only when the class is ready and {@code problems} is empty
 * @param problems every problem found; when {@code deferred}, the errors to report if the
 *     missing types never appear
 * @param deferred whether some types are missing and the class should be looked at again in
 *     the next round
 */
public record ListenerValidation(
    TypeElement listener, Optional<ListenerClass> model, List<Problem> problems, boolean deferred) {

  public ListenerValidation {
    problems = List.copyOf(problems);
    if (model.isPresent() && (deferred || !problems.isEmpty())) {
      throw new IllegalArgumentException("A model is only built for a clean, ready class");
    }
  }

  static ListenerValidation valid(ListenerClass model) {
    return new ListenerValidation(model.element(), Optional.of(model), List.of(), false);
  }

  static ListenerValidation invalid(TypeElement listener, List<Problem> problems) {
    return new ListenerValidation(listener, Optional.empty(), problems, false);
  }

  static ListenerValidation deferred(TypeElement listener, List<Problem> unresolved) {
    return new ListenerValidation(listener, Optional.empty(), unresolved, true);
  }
}
