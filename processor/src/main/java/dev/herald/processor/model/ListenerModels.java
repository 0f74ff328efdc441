package dev.herald.processor.model;

import dev.herald.processor.GeneratedNames;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Builds the {@link ListenerClass} of a listener whose handlers were found valid. */
public final class ListenerModels {
  private final Elements elements;
  private final Types types;
  private final ListenerHierarchy hierarchy;
  private final SubscribeAnnotation subscribe;

  public ListenerModels(Elements elements, Types types, ListenerHierarchy hierarchy) {
    this.elements = elements;
    this.types = types;
    this.hierarchy = hierarchy;
    this.subscribe = new SubscribeAnnotation(elements);
  }

  /**
   * The model of {@code listener}, which {@code validation.ListenerValidator} found ready and
   * without problems: its handler rows (its own, then those of superclasses without a dispatcher),
   * each with the dispatched superclasses whose rows it overrides.
   */
  public ListenerClass build(TypeElement listener) {
    ListenerHierarchy.Superclasses superclasses = hierarchy.superclassesOf(listener);
    List<ExecutableElement> rows = hierarchy.handlerRows(listener, superclasses.flattened());
    List<TypeElement> dispatched = superclasses.dispatched();
    List<HandlerMethod> handlers = new ArrayList<>();
    ThrowsClause throwsClause = ThrowsClause.NONE;
    for (ExecutableElement row : rows) {
      handlers.add(handlerMethod(listener, row, dispatched));
      for (TypeMirror thrown : row.getThrownTypes()) {
        throwsClause = throwsClause.widen(throwsClauseFor(thrown));
      }
    }
    return new ListenerClass(
        listener,
        GeneratedNames.binaryName(listener, elements),
        GeneratedNames.dispatcherOf(listener, elements),
        handlers,
        throwsClause);
  }

  private HandlerMethod handlerMethod(
      TypeElement listener, ExecutableElement method, List<TypeElement> dispatched) {
    AnnotationMirror mirror = SubscribeAnnotation.mirrorOn(method).orElseThrow();
    TypeMirror messageType = method.getParameters().get(0).asType();
    TypeElement declaring = (TypeElement) method.getEnclosingElement();
    return new HandlerMethod(
        method.getSimpleName().toString(),
        messageType,
        types.isSameType(
            types.erasure(messageType), elements.getTypeElement("java.lang.Object").asType()),
        subscribe.priority(mirror),
        subscribe.tags(mirror),
        subscribe.hidden(mirror),
        subscribe.async(mirror),
        subscribe.concurrent(mirror),
        subscribe.serialized(mirror),
        subscribe.sticky(mirror),
        subscribe.lane(mirror),
        method.getParameters().size() == 2,
        method.getReturnType(),
        declaring.equals(listener) ? null : GeneratedNames.binaryName(declaring, elements),
        hierarchy.overriddenIn(method, dispatched));
  }

  private ThrowsClause throwsClauseFor(TypeMirror thrown) {
    TypeMirror erased = types.erasure(thrown);
    if (isSubtype(erased, "java.lang.RuntimeException") || isSubtype(erased, "java.lang.Error")) {
      return ThrowsClause.NONE;
    }
    return isSubtype(erased, "java.lang.Exception")
        ? ThrowsClause.EXCEPTION
        : ThrowsClause.THROWABLE;
  }

  private boolean isSubtype(TypeMirror type, String className) {
    return types.isSubtype(type, elements.getTypeElement(className).asType());
  }
}
