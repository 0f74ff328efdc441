package dev.herald.processor.model;

import dev.herald.processor.GeneratedNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Reads {@code @Subscribe} through annotation mirrors, so it works the same on source and on class
 * files (the annotation has CLASS retention).
 */
public final class SubscribeAnnotation {
  private final Elements elements;
  private AnnotationMirror lastMirror;
  private Map<String, AnnotationValue> lastValues;

  public SubscribeAnnotation(Elements elements) {
    this.elements = elements;
  }

  /** The {@code @Subscribe} mirror on {@code element}, if any. */
  public static Optional<AnnotationMirror> mirrorOn(Element element) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(GeneratedNames.SUBSCRIBE)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether {@code type} declares {@code @Subscribe} methods, read from its source or from its
   * class file (the annotation has CLASS retention): exactly the classes that have a dispatcher.
   */
  public static boolean declaresHandlers(TypeElement type) {
    return !handlersDeclaredIn(type).isEmpty();
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

  /** The methods {@code type} declares with {@code @Subscribe}, in declaration order. */
  public static List<ExecutableElement> handlersDeclaredIn(TypeElement type) {
    List<ExecutableElement> handlers = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (mirrorOn(method).isPresent()) {
        handlers.add(method);
      }
    }
    return handlers;
  }

  /**
   * The source text of an attribute whose value javac could not resolve yet (a constant from a
   * class another processor generates, or a typo), if there is one.
   */
  public Optional<String> unresolvedValue(AnnotationMirror mirror) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      Object value = entry.getValue().getValue();
      String name = entry.getKey().getSimpleName().toString();
      boolean resolved =
          name.equals("priority")
              ? value instanceof Integer
              : name.equals("tags")
                  ? value instanceof List && allStrings((List<?>) value)
                  : name.equals("lane") ? value instanceof String : value instanceof Boolean;
      if (!resolved) {
        return Optional.of(entry.getValue().toString());
      }
    }
    return Optional.empty();
  }

  private static boolean allStrings(List<?> values) {
    for (Object value : values) {
      if (!(value instanceof AnnotationValue)
          || !(((AnnotationValue) value).getValue() instanceof String)) {
        return false;
      }
    }
    return true;
  }

  public int priority(AnnotationMirror mirror) {
    return (Integer) value(mirror, "priority").getValue();
  }

  public boolean hidden(AnnotationMirror mirror) {
    return (Boolean) value(mirror, "hidden").getValue();
  }

  public boolean async(AnnotationMirror mirror) {
    return (Boolean) value(mirror, "async").getValue();
  }

  public boolean concurrent(AnnotationMirror mirror) {
    return (Boolean) value(mirror, "concurrent").getValue();
  }

  public boolean serialized(AnnotationMirror mirror) {
    return (Boolean) value(mirror, "serialized").getValue();
  }

  public boolean sticky(AnnotationMirror mirror) {
    return (Boolean) value(mirror, "sticky").getValue();
  }

  public String lane(AnnotationMirror mirror) {
    return (String) value(mirror, "lane").getValue();
  }

  public List<String> tags(AnnotationMirror mirror) {
    List<String> tags = new ArrayList<>();
    @SuppressWarnings("unchecked")
    List<? extends AnnotationValue> values =
        (List<? extends AnnotationValue>) value(mirror, "tags").getValue();
    for (AnnotationValue tag : values) {
      tags.add((String) tag.getValue());
    }
    return tags;
  }

  private AnnotationValue value(AnnotationMirror mirror, String name) {
    AnnotationValue value = valuesOf(mirror).get(name);
    if (value == null) {
      throw new IllegalStateException("@Subscribe has no member " + name);
    }
    return value;
  }

  /**
   * The attributes of {@code mirror} with defaults, by name. A handler's attributes are read one
   * after another, and javac builds the defaults map anew on every call: so the last mirror's map
   * is kept.
   */
  private Map<String, AnnotationValue> valuesOf(AnnotationMirror mirror) {
    if (mirror != lastMirror) {
      Map<String, AnnotationValue> values = new HashMap<>();
      for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
          elements.getElementValuesWithDefaults(mirror).entrySet()) {
        values.put(entry.getKey().getSimpleName().toString(), entry.getValue());
      }
      lastValues = values;
      lastMirror = mirror;
    }
    return lastValues;
  }
}
