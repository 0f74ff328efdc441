package dev.herald.processor.validation;

import dev.herald.processor.GeneratedNames;
import dev.herald.processor.Diagnostics;
import dev.herald.processor.model.QualifiedName;
import dev.herald.processor.model.SubscribeAnnotation;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Finds classes (and interfaces) compiled now without {@code @Subscribe} methods whose dispatcher, generated
 * by an earlier build when they had some, is still in the class output. Such a dispatcher
 * calls methods that may no longer exist; only a clean build removes it.
 *
 * <p>Looks in the class output only, one file per class, so it costs no class path search.
 */
public final class StaleDispatchers {
  private final Filer filer;
  private final Elements elements;
  private final Messager messager;

  public StaleDispatchers(ProcessingEnvironment env) {
    this.filer = env.getFiler();
    this.elements = env.getElementUtils();
    this.messager = env.getMessager();
  }

  /** Reports an error on each such class among {@code rootElements} and their nested classes. */
  public void check(Set<? extends Element> rootElements) {
    for (TypeElement type : ElementFilter.typesIn(rootElements)) {
      check(type);
    }
  }

  private void check(TypeElement type) {
    if (isGeneratedDispatcher(type)) {
      return;
    }
    if ((type.getKind().isClass() || type.getKind().isInterface())
        && !SubscribeAnnotation.declaresHandlers(type)) {
      QualifiedName dispatcher = GeneratedNames.dispatcherOf(type, elements);
      if (existsInClassOutput(dispatcher)) {
        messager.printMessage(
            Diagnostic.Kind.ERROR, Diagnostics.staleDispatcher(dispatcher.canonicalName()), type);
      }
    }
    for (TypeElement nested : ElementFilter.typesIn(type.getEnclosedElements())) {
      check(nested);
    }
  }

  /** A dispatcher of this compilation: generated code, which nobody edits between builds. */
  static boolean isGeneratedDispatcher(TypeElement type) {
    for (AnnotationMirror annotation : type.getAnnotationMirrors()) {
      TypeElement annotationType = (TypeElement) annotation.getAnnotationType().asElement();
      if (annotationType.getQualifiedName().contentEquals(
          GeneratedNames.GENERATED_DISPATCHER_ANNOTATION)) {
        return true;
      }
    }
    return false;
  }

  private boolean existsInClassOutput(QualifiedName dispatcher) {
    try {
      FileObject file =
          filer.getResource(
              StandardLocation.CLASS_OUTPUT,
              dispatcher.packageName(),
              dispatcher.simpleName() + ".class");
      try (InputStream in = file.openInputStream()) {
        return true;
      }
    } catch (IOException | IllegalArgumentException notThere) {
      return false;
    }
  }
}
