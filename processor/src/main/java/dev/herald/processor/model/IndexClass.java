package dev.herald.processor.model;

import java.util.List;
import java.util.Objects;
import javax.lang.model.element.Element;

/**
 * One generated {@code DispatcherIndex}.
 *
 * @param name the index class
 * @param dispatchers the dispatchers it lists, sorted
 * @param originatingElements the listener classes behind them
 */
public record IndexClass(
    QualifiedName name, List<QualifiedName> dispatchers, List<Element> originatingElements) {

  public IndexClass {
    Objects.requireNonNull(name, "name");
    dispatchers = List.copyOf(dispatchers);
    originatingElements = List.copyOf(originatingElements);
  }
}
