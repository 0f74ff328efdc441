package dev.herald.processor.validation;

import dev.herald.processor.Diagnostics;
import dev.herald.processor.GeneratedNames;
import dev.herald.processor.model.SubscribeAnnotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Types;

/**
 * Checks one {@code @Subscribe} method against the rules of {@link
 * dev.herald.annotation.Subscribe}, and returns every broken rule: one message per mistake.
 */
final class HandlerValidator {
  /** The last parameter of a Kotlin suspend function. */
  private static final String KOTLIN_CONTINUATION = "kotlin.coroutines.Continuation";

  /** Kotlin's annotation that writes an overload per default value, each with its annotations. */
  private static final String KOTLIN_JVM_OVERLOADS = "kotlin.jvm.JvmOverloads";

  private final Types types;
  private final Access access;
  private final SubscribeAnnotation subscribe;

  HandlerValidator(Types types, Access access, SubscribeAnnotation subscribe) {
    this.types = types;
    this.access = access;
    this.subscribe = subscribe;
  }

  /**
   * The problems of {@code method} as a handler called from {@code listenerPackage}.
   *
   * @param inherited whether the method comes from a superclass without dispatcher; then being
   *     private is reported by the caller as part of the accessibility rule
   */
  List<String> problemsOf(ExecutableElement method, String listenerPackage, boolean inherited) {
    List<String> problems = new ArrayList<>();
    if (hasJvmOverloads(method) && !isWidestJvmOverload(method)) {
      // an overload Kotlin wrote: its problems are the function's, reported on the widest
      return problems;
    }
    Set<Modifier> modifiers = method.getModifiers();
    if (!inherited && modifiers.contains(Modifier.PRIVATE)) {
      problems.add(Diagnostics.PRIVATE_HANDLER);
    }
    if (modifiers.contains(Modifier.STATIC)) {
      problems.add(Diagnostics.STATIC_HANDLER);
    }
    // an interface's handler is called through the interface, on whatever implements it
    if (modifiers.contains(Modifier.ABSTRACT)
        && method.getEnclosingElement().getKind() != ElementKind.INTERFACE) {
      problems.add(Diagnostics.ABSTRACT_HANDLER);
    }
    List<? extends VariableElement> declared = method.getParameters();
    // a Kotlin suspend function, as kapt's stub shows it: the continuation is not the user's
    boolean suspend = isSuspend(declared);
    if (suspend) {
      problems.add(Diagnostics.SUSPEND_HANDLER);
      declared = declared.subList(0, declared.size() - 1);
    }
    if (isWidestJvmOverload(method)) {
      problems.add(Diagnostics.JVM_OVERLOADS_HANDLER);
    }
    int parameters = declared.size();
    if (parameters == 0 || parameters > 2) {
      problems.add(Diagnostics.PARAMETER_COUNT);
    } else {
      parameterProblem(declared.get(0).asType(), listenerPackage).ifPresent(problems::add);
      if (parameters == 2 && !isEnvelope(declared.get(1).asType())) {
        problems.add(Diagnostics.SECOND_PARAMETER);
      }
    }
    SubscribeAnnotation.mirrorOn(method)
        .ifPresent(
            mirror -> {
              boolean async = subscribe.async(mirror);
              boolean onLane = !subscribe.lane(mirror).isEmpty();
              if (subscribe.concurrent(mirror) && subscribe.serialized(mirror)) {
                problems.add(Diagnostics.CONCURRENT_AND_SERIALIZED);
              }
              if (async && onLane) {
                problems.add(Diagnostics.ASYNC_ON_LANE);
              }
              // a suspend function returns Object whatever it declares: reported as suspend
              if ((async || onLane)
                  && !suspend
                  && method.getReturnType().getKind() != TypeKind.VOID) {
                problems.add(Diagnostics.ASYNC_REPLY);
              }
              if (onLane && subscribe.lane(mirror).isBlank()) {
                problems.add(Diagnostics.BLANK_LANE);
              }
              if (subscribe.tags(mirror).contains("")) {
                problems.add(
                    Diagnostics.EMPTY_TAG); // the runtime's TagSet rejects it at registration
              }
            });
    return problems;
  }

  private Optional<String> parameterProblem(TypeMirror type, String listenerPackage) {
    if (type.getKind().isPrimitive()) {
      TypeElement wrapper = types.boxedClass((PrimitiveType) type);
      return Optional.of(Diagnostics.primitiveParameter(wrapper.getSimpleName().toString()));
    }
    switch (type.getKind()) {
      case TYPEVAR:
        return Optional.of(Diagnostics.TYPE_VARIABLE_PARAMETER);
      case ARRAY:
        TypeMirror component = ((ArrayType) type).getComponentType();
        // int[] is an object; its component needs no check
        return component.getKind().isPrimitive()
            ? Optional.empty()
            : parameterProblem(component, listenerPackage);
      case DECLARED:
        DeclaredType declared = (DeclaredType) type;
        if (hasConcreteTypeArguments(declared)) {
          return Optional.of(
              Diagnostics.parameterizedParameter(declared.toString(), withWildcards(declared)));
        }
        TypeElement element = (TypeElement) declared.asElement();
        if (!access.typeAccessibleFrom(element, listenerPackage)) {
          return Optional.of(
              Diagnostics.inaccessibleParameter(
                  element.getQualifiedName().toString(), listenerPackage));
        }
        return Optional.empty();
      default:
        return Optional.empty();
    }
  }

  /** {@code Outer<?>.Inner} for {@code Outer<T>.Inner}: every type argument a plain {@code ?}. */
  private static String withWildcards(DeclaredType type) {
    StringBuilder text = new StringBuilder();
    TypeMirror enclosing = type.getEnclosingType();
    TypeElement element = (TypeElement) type.asElement();
    if (enclosing.getKind() == TypeKind.DECLARED) {
      text.append(withWildcards((DeclaredType) enclosing))
          .append('.')
          .append(element.getSimpleName());
    } else {
      text.append(element.getQualifiedName());
    }
    int arguments = type.getTypeArguments().size();
    if (arguments > 0) {
      text.append('<');
      for (int i = 0; i < arguments; i++) {
        text.append(i == 0 ? "?" : ", ?");
      }
      text.append('>');
    }
    return text.toString();
  }

  /**
   * Whether {@code parameters} end with a {@code kotlin.coroutines.Continuation}: how a Kotlin
   * suspend function looks to Java, in kapt's stubs and in class files. Recognised by name, as the
   * processor does not depend on Kotlin.
   */
  private static boolean isSuspend(List<? extends VariableElement> parameters) {
    if (parameters.isEmpty()) {
      return false;
    }
    TypeMirror last = parameters.get(parameters.size() - 1).asType();
    return last.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) last).asElement())
            .getQualifiedName()
            .contentEquals(KOTLIN_CONTINUATION);
  }

  /**
   * Whether {@code method} is the widest of the overloads Kotlin writes for one {@code
   * JvmOverloads} function: the one mistake is reported once, on the function with every parameter,
   * though kapt's stub shows the annotations on each overload.
   */
  private static boolean isWidestJvmOverload(ExecutableElement method) {
    if (!hasJvmOverloads(method)) {
      return false;
    }
    for (Element sibling : method.getEnclosingElement().getEnclosedElements()) {
      if (sibling.getKind() == ElementKind.METHOD
          && sibling.getSimpleName().contentEquals(method.getSimpleName())
          && hasJvmOverloads((ExecutableElement) sibling)
          && ((ExecutableElement) sibling).getParameters().size() > method.getParameters().size()) {
        return false;
      }
    }
    return true;
  }

  private static boolean hasJvmOverloads(ExecutableElement method) {
    for (AnnotationMirror annotation : method.getAnnotationMirrors()) {
      if (((TypeElement) annotation.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals(KOTLIN_JVM_OVERLOADS)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isEnvelope(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals(GeneratedNames.RUNTIME_PACKAGE + "." + GeneratedNames.ENVELOPE);
  }

  /** Whether some type argument, here or on an enclosing type, is not a plain {@code ?}. */
  private static boolean hasConcreteTypeArguments(DeclaredType type) {
    for (TypeMirror argument : type.getTypeArguments()) {
      if (argument.getKind() != TypeKind.WILDCARD) {
        return true;
      }
      WildcardType wildcard = (WildcardType) argument;
      if (wildcard.getExtendsBound() != null || wildcard.getSuperBound() != null) {
        return true;
      }
    }
    TypeMirror enclosing = type.getEnclosingType();
    return enclosing.getKind() == TypeKind.DECLARED
        && hasConcreteTypeArguments((DeclaredType) enclosing);
  }
}
