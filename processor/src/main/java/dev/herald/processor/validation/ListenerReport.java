package dev.herald.processor.validation;

import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * What {@link ListenerValidator} found out about one listener class: the problems to report, or
 * that it must wait for types that do not exist yet. A class that is neither gets a model ({@code
 * model.ListenerModels}) and a dispatcher.
 *
 * @param listener the class looked at
 * @param problems every problem found; when {@code deferred}, the errors to report if the missing
 *     types never appear
 * @param deferred whether some types are missing and the class should be looked at again in the
 *     next round
 */
public record ListenerReport(TypeElement listener, List<Problem> problems, boolean deferred) {

  public ListenerReport {
    problems = List.copyOf(problems);
  }

  /** Ready, and without problems: a dispatcher can be written. */
  public boolean isClean() {
    return !deferred && problems.isEmpty();
  }

  static ListenerReport clean(TypeElement listener) {
    return new ListenerReport(listener, List.of(), false);
  }

  static ListenerReport invalid(TypeElement listener, List<Problem> problems) {
    return new ListenerReport(listener, problems, false);
  }

  static ListenerReport deferred(TypeElement listener, List<Problem> unresolved) {
    return new ListenerReport(listener, unresolved, true);
  }
}
