package dev.herald.processor.validation;

import dev.herald.processor.GeneratedNames;
import dev.herald.processor.Messages;
import dev.herald.processor.model.HandlerMethod;
import dev.herald.processor.model.ListenerClass;
import dev.herald.processor.model.ThrowsClause;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns a listener class into a {@link ListenerClass} if it is valid, and otherwise reports
 * every problem of its handlers: its own, and those it inherits from superclasses that have no
 * dispatcher of their own (which its dispatcher must call).
 *
 * <p>The handler table: the class's own handlers in declaration order, then those of each
 * superclass without dispatcher, walking up, keeping only the most-derived annotated
 * declaration of an overridden method; the walk stops at the first superclass that has a
 * dispatcher, because the runtime chains from there. A row whose method overrides a
 * {@code @Subscribe} method listed by such a dispatcher says so with {@code overrides}.
 */
public final class ListenerValidator {
  private final Elements elements;
  private final Types types;
  private final Access access;
  private final HandlerValidator handlerValidator;
  private final SubscribeAnnotation subscribe;
  private final Predicate<TypeElement> hasDispatcher;

  /**
   * @param hasDispatcher whether a class has (or will get in this compilation) a dispatcher
   */
  public ListenerValidator(
      Elements elements, Types types, Predicate<TypeElement> hasDispatcher) {
    this.elements = elements;
    this.types = types;
    this.access = new Access(elements);
    this.subscribe = new SubscribeAnnotation(elements);
    this.handlerValidator = new HandlerValidator(types, access, subscribe);
    this.hasDispatcher = hasDispatcher;
  }

  /**
   * Whether {@code type} declares {@code @Subscribe} methods, read from its source or from its
   * class file (the annotation has CLASS retention): exactly the classes that have a
   * dispatcher.
   */
  public static boolean declaresHandlers(TypeElement type) {
    return !SubscribeAnnotation.handlersDeclaredIn(type).isEmpty();
  }

  /** The classes that declare the given {@code @Subscribe} methods, in first-seen order. */
  public static List<TypeElement> declaringClasses(Iterable<? extends Element> handlers) {
    List<TypeElement> classes = new ArrayList<>();
    for (Element handler : handlers) {
      if (handler.getEnclosingElement() instanceof TypeElement type && !classes.contains(type)) {
        classes.add(type);
      }
    }
    return classes;
  }

  public ListenerValidation validate(TypeElement listener) {
    List<ExecutableElement> own = SubscribeAnnotation.handlersDeclaredIn(listener);

    List<TypeElement> flattened = new ArrayList<>();
    List<TypeElement> dispatched = new ArrayList<>();
    List<Problem> unresolved = new ArrayList<>();
    walkSuperclasses(listener, flattened, dispatched, unresolved);
    for (ExecutableElement handler : own) {
      unresolvedTypeIn(handler)
          .ifPresent(t -> unresolved.add(onHandler(handler, Messages.unresolvedType(t.toString()))));
      SubscribeAnnotation.mirrorOn(handler)
          .flatMap(subscribe::unresolvedValue)
          .ifPresent(v -> unresolved.add(onHandler(handler, Messages.unresolvedType(v))));
    }
    if (!unresolved.isEmpty()) {
      return ListenerValidation.deferred(listener, unresolved);
    }

    List<Problem> problems = new ArrayList<>();
    if (listener.getKind().isInterface()) {
      for (ExecutableElement handler : own) {
        problems.add(onHandler(handler, Messages.INTERFACE_HANDLER));
      }
      return ListenerValidation.invalid(listener, problems);
    }

    String listenerPackage = access.packageOf(listener);
    boolean reachable = access.listenerReachable(listener);
    for (ExecutableElement handler : own) {
      if (!reachable) {
        problems.add(onHandler(handler, Messages.UNREACHABLE_LISTENER));
      }
      for (String problem : handlerValidator.problemsOf(handler, listenerPackage, false)) {
        problems.add(onHandler(handler, problem));
      }
    }

    List<ExecutableElement> rows = new ArrayList<>(own);
    for (TypeElement ancestor : flattened) {
      String ancestorName = GeneratedNames.binaryName(ancestor, elements);
      for (ExecutableElement inherited : SubscribeAnnotation.handlersDeclaredIn(ancestor)) {
        if (overriddenByAny(rows, inherited)) {
          continue;
        }
        String label = label(inherited);
        if (!access.methodAccessibleFrom(inherited, listenerPackage)) {
          problems.add(
              new Problem(
                  listener,
                  null,
                  Messages.inheritedInaccessible(
                      label,
                      ancestorName,
                      GeneratedNames.binaryName(listener, elements),
                      listenerPackage)));
        }
        for (String problem : handlerValidator.problemsOf(inherited, listenerPackage, true)) {
          problems.add(new Problem(listener, null, Messages.inherited(label, ancestorName, problem)));
        }
        rows.add(inherited);
      }
    }
    if (!problems.isEmpty()) {
      return ListenerValidation.invalid(listener, problems);
    }

    List<HandlerMethod> handlers = new ArrayList<>();
    ThrowsClause throwsClause = ThrowsClause.NONE;
    for (ExecutableElement row : rows) {
      handlers.add(handlerMethod(listener, row, dispatched));
      for (TypeMirror thrown : row.getThrownTypes()) {
        throwsClause = throwsClause.widen(throwsClauseFor(thrown));
      }
    }
    return ListenerValidation.valid(
        new ListenerClass(
            listener,
            GeneratedNames.binaryName(listener, elements),
            GeneratedNames.dispatcherOf(listener, elements),
            handlers,
            throwsClause));
  }

  /**
   * Sorts the superclasses of {@code listener} (nearest first, {@code Object} left out) into
   * those whose handlers it must list itself and those from the first one with a dispatcher up.
   */
  private void walkSuperclasses(
      TypeElement listener,
      List<TypeElement> flattened,
      List<TypeElement> dispatched,
      List<Problem> unresolved) {
    boolean chained = false;
    TypeElement type = listener;
    while (true) {
      TypeMirror superclass = type.getSuperclass();
      if (superclass.getKind() == TypeKind.ERROR) {
        unresolved.add(new Problem(listener, null, Messages.unresolvedType(superclass.toString())));
        return;
      }
      if (superclass.getKind() != TypeKind.DECLARED) {
        return;
      }
      type = (TypeElement) ((DeclaredType) superclass).asElement();
      if (type.getQualifiedName().contentEquals("java.lang.Object")) {
        return;
      }
      chained = chained || hasDispatcher.test(type);
      (chained ? dispatched : flattened).add(type);
      if (!chained) {
        for (ExecutableElement handler : SubscribeAnnotation.handlersDeclaredIn(type)) {
          unresolvedTypeIn(handler)
              .ifPresent(t -> unresolved.add(new Problem(listener, null, Messages.unresolvedType(t.toString()))));
        }
      }
    }
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
            types.erasure(messageType),
            elements.getTypeElement("java.lang.Object").asType()),
        subscribe.priority(mirror),
        subscribe.tags(mirror),
        subscribe.hidden(mirror),
        subscribe.async(mirror),
        subscribe.concurrent(mirror),
        method.getParameters().size() == 2,
        method.getReturnType().getKind() != TypeKind.VOID,
        declaring.equals(listener) ? null : GeneratedNames.binaryName(declaring, elements),
        overriddenIn(method, dispatched));
  }

  /**
   * The binary names of the classes with a dispatcher that declare a {@code @Subscribe} method
   * overridden by {@code method}, nearest first.
   */
  private List<String> overriddenIn(ExecutableElement method, List<TypeElement> dispatched) {
    List<String> overridden = new ArrayList<>();
    for (TypeElement ancestor : dispatched) {
      for (ExecutableElement candidate : SubscribeAnnotation.handlersDeclaredIn(ancestor)) {
        if (overrides(method, candidate)) {
          overridden.add(GeneratedNames.binaryName(ancestor, elements));
          break;
        }
      }
    }
    return overridden;
  }

  private boolean overriddenByAny(List<ExecutableElement> derived, ExecutableElement method) {
    for (ExecutableElement candidate : derived) {
      if (overrides(candidate, method)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code method} overrides {@code candidate}, directly or through a method of a
   * class in between (JLS 8.4.8.1, JVMS 5.4.5): a package-private method of another package
   * is overridden through a public override in its own package, which
   * {@code Elements.overrides} alone does not see.
   */
  private boolean overrides(ExecutableElement method, ExecutableElement candidate) {
    TypeElement declaring = (TypeElement) method.getEnclosingElement();
    TypeElement candidateClass = (TypeElement) candidate.getEnclosingElement();
    if (method.equals(candidate) || !isSubclass(declaring, candidateClass)) {
      return false;
    }
    if (elements.overrides(method, candidate, declaring)
        || overridesPackagePrivateInItsPackage(method, candidate)) {
      return true;
    }
    for (TypeElement between = superclassOf(declaring);
        between != null && !between.equals(candidateClass);
        between = superclassOf(between)) {
      for (ExecutableElement middle : ElementFilter.methodsIn(between.getEnclosedElements())) {
        if (middle.getSimpleName().equals(method.getSimpleName())
            && elements.overrides(method, middle, declaring)
            && overrides(middle, candidate)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * JLS 8.4.8.1: a class in the package of a package-private method overrides it by declaring
   * the same signature, even when a superclass in between, from another package, could not
   * see it. {@code Elements.overrides} answers no when that superclass is in the way.
   */
  private boolean overridesPackagePrivateInItsPackage(ExecutableElement method, ExecutableElement candidate) {
    Set<Modifier> modifiers = candidate.getModifiers();
    if (modifiers.contains(Modifier.PUBLIC)
        || modifiers.contains(Modifier.PROTECTED)
        || modifiers.contains(Modifier.PRIVATE)
        || modifiers.contains(Modifier.STATIC)
        || !method.getSimpleName().equals(candidate.getSimpleName())
        || !elements.getPackageOf(method).equals(elements.getPackageOf(candidate))) {
      return false;
    }
    List<? extends VariableElement> mine = method.getParameters();
    List<? extends VariableElement> theirs = candidate.getParameters();
    if (mine.size() != theirs.size()) {
      return false;
    }
    for (int i = 0; i < mine.size(); i++) {
      if (!types.isSameType(types.erasure(mine.get(i).asType()), types.erasure(theirs.get(i).asType()))) {
        return false;
      }
    }
    return true;
  }

  private boolean isSubclass(TypeElement type, TypeElement ancestor) {
    for (TypeElement t = superclassOf(type); t != null; t = superclassOf(t)) {
      if (t.equals(ancestor)) {
        return true;
      }
    }
    return false;
  }

  private static TypeElement superclassOf(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    return superclass.getKind() == TypeKind.DECLARED
        ? (TypeElement) ((DeclaredType) superclass).asElement()
        : null;
  }

  private ThrowsClause throwsClauseFor(TypeMirror thrown) {
    TypeMirror erased = types.erasure(thrown);
    if (isSubtype(erased, "java.lang.RuntimeException") || isSubtype(erased, "java.lang.Error")) {
      return ThrowsClause.NONE;
    }
    return isSubtype(erased, "java.lang.Exception") ? ThrowsClause.EXCEPTION : ThrowsClause.THROWABLE;
  }

  private boolean isSubtype(TypeMirror type, String className) {
    return types.isSubtype(type, elements.getTypeElement(className).asType());
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
        return ((DeclaredType) type).getTypeArguments().stream().anyMatch(ListenerValidator::containsError);
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
