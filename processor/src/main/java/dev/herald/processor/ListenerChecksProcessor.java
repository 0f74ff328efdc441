package dev.herald.processor;

import com.google.auto.service.AutoService;
import dev.herald.processor.validation.LocalClassScanner;
import dev.herald.processor.validation.StaleDispatchers;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The checks that need every source of a compilation, not only those with {@code @Subscribe}
 * methods:
 *
 * <ul>
 *   <li>{@code @Subscribe} methods of local and anonymous classes: no generated class can call
 *       them, and javac shows them to no processor as elements (they live in method bodies);
 *   <li>a stale dispatcher: a class compiled now without {@code @Subscribe} methods whose
 *       dispatcher from an earlier build is still in the class output (a build that recompiles only
 *       the changed sources keeps it, and with it calls to methods that are gone).
 * </ul>
 *
 * <p>Hence {@code "*"}: javac calls it for every round. It claims nothing (it returns {@code
 * false}), so every other processor still sees its annotations. Where the compiler offers no syntax
 * trees (a wrapped processing environment, as Gradle's), it says so once, in a note, rather than
 * skipping the check in silence.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes("*")
public final class ListenerChecksProcessor extends AbstractProcessor {
  private LocalClassScanner scanner;
  private StaleDispatchers staleDispatchers;

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    scanner = LocalClassScanner.create(env);
    staleDispatchers = new StaleDispatchers(env);
    if (scanner == null) {
      env.getMessager().printMessage(Diagnostic.Kind.NOTE, Diagnostics.LOCAL_CLASS_CHECK_SKIPPED);
    }
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (scanner != null && !round.processingOver()) {
      try {
        scanner.scan(round.getRootElements());
        // only where javac is not wrapped: Gradle deletes the outputs of a changed class itself
        staleDispatchers.check(round.getRootElements());
      } catch (VirtualMachineError e) {
        throw e;
      } catch (RuntimeException e) {
        processingEnv
            .getMessager()
            .printMessage(
                Diagnostic.Kind.ERROR, Diagnostics.unexpectedError("while checking listeners", e));
      }
    }
    return false;
  }
}
