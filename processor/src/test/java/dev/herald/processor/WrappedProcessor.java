package dev.herald.processor;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Completion;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Runs a processor behind a delegating {@link ProcessingEnvironment}, as Gradle does for
 * incremental processing (javac's tree API refuses such an environment), optionally with a Filer of
 * the test's own.
 */
final class WrappedProcessor implements Processor {
  private final Processor processor;
  private final UnaryOperator<Filer> filers;

  WrappedProcessor(Processor processor) {
    this(processor, UnaryOperator.identity());
  }

  /**
   * @param filers makes the wrapped processor's Filer from javac's
   */
  WrappedProcessor(Processor processor, UnaryOperator<Filer> filers) {
    this.processor = processor;
    this.filers = filers;
  }

  @Override
  public void init(ProcessingEnvironment env) {
    Filer filer = filers.apply(env.getFiler());
    processor.init(
        new ProcessingEnvironment() {
          @Override
          public Map<String, String> getOptions() {
            return env.getOptions();
          }

          @Override
          public Messager getMessager() {
            return env.getMessager();
          }

          @Override
          public Filer getFiler() {
            return filer;
          }

          @Override
          public Elements getElementUtils() {
            return env.getElementUtils();
          }

          @Override
          public Types getTypeUtils() {
            return env.getTypeUtils();
          }

          @Override
          public SourceVersion getSourceVersion() {
            return env.getSourceVersion();
          }

          @Override
          public Locale getLocale() {
            return env.getLocale();
          }
        });
  }

  @Override
  public Set<String> getSupportedOptions() {
    return processor.getSupportedOptions();
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return processor.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return processor.getSupportedSourceVersion();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    return processor.process(annotations, round);
  }

  @Override
  public Iterable<? extends Completion> getCompletions(
      Element element, AnnotationMirror annotation, ExecutableElement member, String text) {
    return processor.getCompletions(element, annotation, member, text);
  }
}
