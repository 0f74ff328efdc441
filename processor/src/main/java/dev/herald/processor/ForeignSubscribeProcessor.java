package dev.herald.processor;

import com.google.auto.service.AutoService;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Warns of a method annotated with another bus's {@code @Subscribe} (Guava's, greenrobot's,
 * Otto's). A port that misses one compiles, and while that library stays on the class path the
 * method is silently never called: Herald generates nothing for it. The warning names Herald's
 * annotation as the fix; javac's {@code -Werror} makes it an error.
 *
 * <p>A class that still registers with that other bus on purpose says so with
 * {@code @SuppressWarnings("herald-foreign-subscribe")} on the method or an enclosing class.
 *
 * <p>It claims nothing (it returns {@code false}): greenrobot's own processor, if present, still
 * sees its annotation.
 */
@AutoService(Processor.class)
public final class ForeignSubscribeProcessor extends AbstractProcessor {
  /** The other buses' annotations, each with the name of its library for the message. */
  static final String GUAVA = "com.google.common.eventbus.Subscribe";

  static final String GREENROBOT = "org.greenrobot.eventbus.Subscribe";
  static final String OTTO = "com.squareup.otto.Subscribe";
  static final String MBASSADOR = "net.engio.mbassy.listener.Handler";
  static final String ARTEMIS = "net.mostlyoriginal.api.event.common.Subscribe";

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(GUAVA, GREENROBOT, OTTO, MBASSADOR, ARTEMIS);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      for (TypeElement annotation : annotations) {
        String name = annotation.getQualifiedName().toString();
        for (Element marked : round.getElementsAnnotatedWith(annotation)) {
          if (marked.getKind() == ElementKind.ANNOTATION_TYPE) {
            // a program's own annotation that carries the bus's (as MBassador reads it): the
            // methods it marks are the leftovers
            for (Element method : round.getElementsAnnotatedWith((TypeElement) marked)) {
              warnIfLeftover(method, ((TypeElement) marked).getQualifiedName().toString(), name);
            }
          } else {
            warnIfLeftover(marked, name, name);
          }
        }
      }
    } catch (VirtualMachineError e) {
      throw e;
    } catch (RuntimeException e) {
      processingEnv
          .getMessager()
          .printMessage(
              Diagnostic.Kind.ERROR,
              Diagnostics.unexpectedError("while looking for other buses' @Subscribe", e));
    }
    return false;
  }

  /**
   * Warns on {@code method}, marked with {@code annotationName}, which is or carries the other
   * bus's {@code busAnnotation}, unless it is no method or the warning is suppressed.
   */
  private void warnIfLeftover(Element method, String annotationName, String busAnnotation) {
    if (method.getKind() == ElementKind.METHOD && !isSuppressed(method)) {
      warn(method, annotationName, busAnnotation);
    }
  }

  private void warn(Element method, String annotationName, String busAnnotation) {
    String message = Diagnostics.foreignSubscribe(annotationName, libraryOf(busAnnotation));
    for (AnnotationMirror mirror : method.getAnnotationMirrors()) {
      if (((TypeElement) mirror.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals(annotationName)) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.WARNING, message, method, mirror);
        return;
      }
    }
    processingEnv.getMessager().printMessage(Diagnostic.Kind.WARNING, message, method);
  }

  private static String libraryOf(String annotationName) {
    switch (annotationName) {
      case GUAVA:
        return "Guava's EventBus";
      case GREENROBOT:
        return "greenrobot EventBus";
      case MBASSADOR:
        return "MBassador";
      case ARTEMIS:
        return "artemis-odb's event system";
      default:
        return "Otto";
    }
  }

  /** Whether the method or a class around it suppresses the warning. */
  private static boolean isSuppressed(Element element) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      SuppressWarnings suppressed = e.getAnnotation(SuppressWarnings.class);
      if (suppressed != null) {
        for (String name : suppressed.value()) {
          if (name.equals(Diagnostics.FOREIGN_SUBSCRIBE_KEY)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
