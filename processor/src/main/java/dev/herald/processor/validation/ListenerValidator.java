package dev.herald.processor.validation;

import dev.herald.processor.Diagnostics;
import dev.herald.processor.GeneratedNames;
import dev.herald.processor.model.ListenerHierarchy;
import dev.herald.processor.model.SubscribeAnnotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reports every problem of a listener class's (or interface's) handlers: its own, and those it
 * inherits from superclasses that have no dispatcher of their own (which its dispatcher must call);
 * or that it must wait for types that do not exist yet. Which handlers those are is {@link
 * ListenerHierarchy}'s answer; a class without problems gets its model from {@code
 * model.ListenerModels}.
 */
public final class ListenerValidator {
  private final Elements elements;
  private final Access access;
  private final HandlerValidator handlerValidator;
  private final SubscribeAnnotation subscribe;
  private final ListenerHierarchy hierarchy;

  public ListenerValidator(Elements elements, Types types, ListenerHierarchy hierarchy) {
    this.elements = elements;
    this.access = new Access(elements);
    this.subscribe = new SubscribeAnnotation(elements);
    this.handlerValidator = new HandlerValidator(types, access, subscribe);
    this.hierarchy = hierarchy;
  }

  public ListenerReport validate(TypeElement listener) {
    List<ExecutableElement> own = SubscribeAnnotation.handlersDeclaredIn(listener);
    ListenerHierarchy.Superclasses superclasses = hierarchy.superclassesOf(listener);

    List<Problem> unresolved = new ArrayList<>();
    superclasses
        .unresolvedSuperclass()
        .ifPresent(
            t ->
                unresolved.add(
                    new Problem(listener, null, Diagnostics.unresolvedType(t.toString()))));
    for (TypeElement ancestor : superclasses.flattened()) {
      for (ExecutableElement handler : SubscribeAnnotation.handlersDeclaredIn(ancestor)) {
        unresolvedTypeIn(handler)
            .ifPresent(
                t ->
                    unresolved.add(
                        new Problem(listener, null, Diagnostics.unresolvedType(t.toString()))));
      }
    }
    for (ExecutableElement handler : own) {
      unresolvedTypeIn(handler)
          .ifPresent(
              t -> unresolved.add(onHandler(handler, Diagnostics.unresolvedType(t.toString()))));
      SubscribeAnnotation.mirrorOn(handler)
          .flatMap(subscribe::unresolvedValue)
          .ifPresent(v -> unresolved.add(onHandler(handler, Diagnostics.unresolvedType(v))));
    }
    if (!unresolved.isEmpty()) {
      return ListenerReport.deferred(listener, unresolved);
    }

    // An interface gets a dispatcher of its own, called through the interface: it has no
    // superclass, so its rows are its own handlers, and any implementation registers.
    List<Problem> problems = new ArrayList<>();
    String listenerPackage = access.packageOf(listener);
    boolean reachable = access.listenerReachable(listener);
    for (ExecutableElement handler : own) {
      if (!reachable) {
        problems.add(onHandler(handler, Diagnostics.UNREACHABLE_LISTENER));
      }
      for (String problem : handlerValidator.problemsOf(handler, listenerPackage, false)) {
        problems.add(onHandler(handler, problem));
      }
    }

    List<ExecutableElement> rows = hierarchy.handlerRows(listener, superclasses.flattened());
    for (ExecutableElement inherited : rows.subList(own.size(), rows.size())) {
      String ancestorName =
          GeneratedNames.binaryName((TypeElement) inherited.getEnclosingElement(), elements);
      String label = label(inherited);
      if (!access.methodAccessibleFrom(inherited, listenerPackage)) {
        problems.add(
            new Problem(
                listener,
                null,
                Diagnostics.inheritedInaccessible(
                    label,
                    ancestorName,
                    GeneratedNames.binaryName(listener, elements),
                    listenerPackage)));
      }
      for (String problem : handlerValidator.problemsOf(inherited, listenerPackage, true)) {
        problems.add(
            new Problem(listener, null, Diagnostics.inherited(label, ancestorName, problem)));
      }
    }
    if (!problems.isEmpty()) {
      return ListenerReport.invalid(listener, problems);
    }
    return ListenerReport.clean(listener);
  }

  private static Optional<TypeMirror> unresolvedTypeIn(ExecutableElement method) {
    List<TypeMirror> signature = new ArrayList<>();
    method.getParameters().forEach(p -> signature.add(p.asType()));
    signature.addAll(method.getThrownTypes());
    signature.add(method.getReturnType());
    return signature.stream().filter(ListenerValidator::containsError).findFirst();
  }

  private static boolean containsError(TypeMirror type) {
    switch (type.getKind()) {
      case ERROR:
        return true;
      case ARRAY:
        return containsError(((ArrayType) type).getComponentType());
      case DECLARED:
        return ((DeclaredType) type)
            .getTypeArguments().stream().anyMatch(ListenerValidator::containsError);
      default:
        return false;
    }
  }

  private static Problem onHandler(ExecutableElement handler, String message) {
    return new Problem(handler, SubscribeAnnotation.mirrorOn(handler).orElse(null), message);
  }

  /** {@code on(demo.Alarm)}: enough to find the method. */
  private static String label(ExecutableElement method) {
    return method.getSimpleName()
        + method.getParameters().stream()
            .map(p -> p.asType().toString())
            .collect(Collectors.joining(", ", "(", ")"));
  }
}
