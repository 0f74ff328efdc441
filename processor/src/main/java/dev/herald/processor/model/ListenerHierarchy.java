package dev.herald.processor.model;

import dev.herald.processor.GeneratedNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * What a listener's dispatcher must call, read from its class hierarchy: the handler rows and the
 * overrides. This is the dispatch-table contract that the runtime's composition of a class's
 * dispatcher with its superclasses' must agree with.
 *
 * <p>The rows: the class's own handlers in declaration order, then those of each superclass without
 * dispatcher, walking up, keeping only the most-derived annotated declaration of an overridden
 * method; the walk stops at the first superclass that has a dispatcher, because the runtime chains
 * from there. A row whose method overrides a {@code @Subscribe} method listed by such a dispatcher
 * says so with {@code overrides}.
 */
public final class ListenerHierarchy {
  private final Elements elements;
  private final Types types;
  private final Predicate<TypeElement> hasDispatcher;

  /**
   * The superclasses of a listener, nearest first, {@code Object} left out.
   *
   * @param flattened those whose handlers the listener's dispatcher lists itself
   * @param dispatched those from the first one with a dispatcher up
   * @param unresolvedSuperclass a superclass that does not exist (yet), where the walk stopped
   */
  public record Superclasses(
      List<TypeElement> flattened,
      List<TypeElement> dispatched,
      Optional<TypeMirror> unresolvedSuperclass) {}

  /**
   * @param hasDispatcher whether a class has (or will get in this compilation) a dispatcher
   */
  public ListenerHierarchy(Elements elements, Types types, Predicate<TypeElement> hasDispatcher) {
    this.elements = elements;
    this.types = types;
    this.hasDispatcher = hasDispatcher;
  }

  public Superclasses superclassesOf(TypeElement listener) {
    List<TypeElement> flattened = new ArrayList<>();
    List<TypeElement> dispatched = new ArrayList<>();
    boolean chained = false;
    TypeElement type = listener;
    while (true) {
      TypeMirror superclass = type.getSuperclass();
      if (superclass.getKind() == TypeKind.ERROR) {
        return new Superclasses(flattened, dispatched, Optional.of(superclass));
      }
      if (superclass.getKind() != TypeKind.DECLARED) {
        return new Superclasses(flattened, dispatched, Optional.empty());
      }
      type = (TypeElement) ((DeclaredType) superclass).asElement();
      if (type.getQualifiedName().contentEquals("java.lang.Object")) {
        return new Superclasses(flattened, dispatched, Optional.empty());
      }
      chained = chained || hasDispatcher.test(type);
      (chained ? dispatched : flattened).add(type);
    }
  }

  /**
   * The handler rows of {@code listener}: its own {@code @Subscribe} methods, then those of the
   * {@code flattened} superclasses that no row before them overrides.
   */
  public List<ExecutableElement> handlerRows(TypeElement listener, List<TypeElement> flattened) {
    List<ExecutableElement> rows =
        new ArrayList<>(SubscribeAnnotation.handlersDeclaredIn(listener));
    for (TypeElement ancestor : flattened) {
      for (ExecutableElement inherited : SubscribeAnnotation.handlersDeclaredIn(ancestor)) {
        if (!overriddenByAny(rows, inherited)) {
          rows.add(inherited);
        }
      }
    }
    return rows;
  }

  /**
   * The binary names of the classes with a dispatcher that declare a {@code @Subscribe} method
   * overridden by {@code method}, nearest first.
   */
  public List<String> overriddenIn(ExecutableElement method, List<TypeElement> dispatched) {
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
   * Whether {@code method} overrides {@code candidate}, directly or through a method of a class in
   * between (JLS 8.4.8.1, JVMS 5.4.5): a package-private method of another package is overridden
   * through a public override in its own package, which {@code Elements.overrides} alone does not
   * see.
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
   * JLS 8.4.8.1: a class in the package of a package-private method overrides it by declaring the
   * same signature, even when a superclass in between, from another package, could not see it.
   * {@code Elements.overrides} answers no when that superclass is in the way.
   */
  private boolean overridesPackagePrivateInItsPackage(
      ExecutableElement method, ExecutableElement candidate) {
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
      if (!types.isSameType(
          types.erasure(mine.get(i).asType()), types.erasure(theirs.get(i).asType()))) {
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
}
