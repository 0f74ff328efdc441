package dev.herald.processor.writing;

import dev.herald.processor.model.HandlerMethod;
import dev.herald.processor.model.ListenerClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Which deprecation warnings a dispatcher would raise by naming a deprecated listener, handler or
 * message type, so that it can suppress them: the user chose to use that code, and generated code
 * should compile as cleanly as theirs.
 */
final class Deprecations {
  private Deprecations() {}

  /** {@code "deprecation"} and/or {@code "removal"}, or nothing. */
  static List<String> warningsToSuppress(ListenerClass listener, Elements elements) {
    List<Element> named = new ArrayList<>();
    for (Element e = listener.element(); e instanceof TypeElement; e = e.getEnclosingElement()) {
      named.add(e);
    }
    for (HandlerMethod handler : listener.handlers()) {
      TypeMirror type = handler.messageType();
      while (type.getKind() == TypeKind.ARRAY) {
        type = ((javax.lang.model.type.ArrayType) type).getComponentType();
      }
      if (type.getKind() == TypeKind.DECLARED) {
        for (Element e = ((DeclaredType) type).asElement();
            e instanceof TypeElement;
            e = e.getEnclosingElement()) {
          named.add(e);
        }
      }
    }
    for (Element member : listener.element().getEnclosedElements()) {
      for (HandlerMethod handler : listener.handlers()) {
        if (member.getSimpleName().contentEquals(handler.name())) {
          named.add(member);
        }
      }
    }
    boolean deprecated = false;
    boolean forRemoval = false;
    for (Element element : named) {
      if (elements.isDeprecated(element)) {
        if (isForRemoval(element)) {
          forRemoval = true;
        } else {
          deprecated = true;
        }
      }
    }
    List<String> warnings = new ArrayList<>();
    if (deprecated) {
      warnings.add("deprecation");
    }
    if (forRemoval) {
      warnings.add("removal");
    }
    return warnings;
  }

  private static boolean isForRemoval(Element element) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (((TypeElement) mirror.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals("java.lang.Deprecated")) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
            mirror.getElementValues().entrySet()) {
          if (entry.getKey().getSimpleName().contentEquals("forRemoval")
              && Boolean.TRUE.equals(entry.getValue().getValue())) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
