package dev.herald.processor.validation;

import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/** Java's access rules, as they apply to a generated class in a listener's package. */
final class Access {
  private final Elements elements;

  Access(Elements elements) {
    this.elements = elements;
  }

  String packageOf(Element element) {
    return elements.getPackageOf(element).getQualifiedName().toString();
  }

  /** Whether code in {@code packageName} (not a subclass) can name {@code type}. */
  boolean typeAccessibleFrom(TypeElement type, String packageName) {
    if (type.getNestingKind() == NestingKind.LOCAL
        || type.getNestingKind() == NestingKind.ANONYMOUS) {
      return false;
    }
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (!memberAccessibleFrom(e, packageName)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a class next to {@code listener}, in its package, can reach it: it is not local or
   * anonymous, and neither it nor a class enclosing it is private.
   */
  boolean listenerReachable(TypeElement listener) {
    return typeAccessibleFrom(listener, packageOf(listener));
  }

  /** Whether code in {@code packageName} (not a subclass) can call {@code method}. */
  boolean methodAccessibleFrom(ExecutableElement method, String packageName) {
    return memberAccessibleFrom(method, packageName);
  }

  private boolean memberAccessibleFrom(Element element, String packageName) {
    Set<Modifier> modifiers = element.getModifiers();
    if (modifiers.contains(Modifier.PUBLIC)) {
      return true;
    }
    if (modifiers.contains(Modifier.PRIVATE)) {
      return false;
    }
    // package-private or protected: the generated class is no subclass, so same package only
    return packageOf(element).equals(packageName);
  }
}
