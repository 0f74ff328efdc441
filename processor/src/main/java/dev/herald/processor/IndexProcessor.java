package dev.herald.processor;

import com.google.auto.service.AutoService;
import dev.herald.annotation.Subscribe;
import dev.herald.processor.model.IndexClass;
import dev.herald.processor.model.QualifiedName;
import dev.herald.processor.validation.ListenerValidator;
import dev.herald.processor.writing.IndexWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedOptions;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;

/**
 * Writes the {@code DispatcherIndex} of a compilation and its {@code META-INF/services} entry.
 *
 * <p>A separate processor because the index depends on every listener of the compilation:
 * Gradle can then treat it as aggregating and {@link SubscribeProcessor} as isolating. It
 * lists only dispatchers that were actually written: a listener's dispatcher counts once it
 * exists as a type (the round after {@link SubscribeProcessor} wrote it), so classes with
 * errors are left out. The index is written in the first round in which every listener seen
 * has its dispatcher (normally the second), which is not the last round, so javac compiles
 * it like any other source. Should a later round bring more listeners, they get an index of their own; the
 * service file, written in the last round, lists every index.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes(GeneratedNames.SUBSCRIBE)
@SupportedOptions(GeneratedNames.INDEX_OPTION)
public final class IndexProcessor extends AbstractProcessor {
  /** Dispatchers not written yet, with the canonical name of their listener. */
  private final Map<QualifiedName, String> pending = new LinkedHashMap<>();
  private final List<QualifiedName> known = new ArrayList<>();
  private final List<QualifiedName> unindexed = new ArrayList<>();
  private final List<Element> unindexedListeners = new ArrayList<>();
  private final List<QualifiedName> indexes = new ArrayList<>();
  private final List<Element> allListeners = new ArrayList<>();

  private Elements elements;
  private Messager messager;
  private IndexWriter writer;

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    elements = env.getElementUtils();
    messager = env.getMessager();
    writer = new IndexWriter(env.getFiler(), elements);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      if (round.processingOver()) {
        confirmWrittenDispatchers();
        if (!unindexed.isEmpty() && !round.errorRaised()) {
          // Only when javac ended the rounds before every listener had its dispatcher:
          // late, with javac's warning, but not missing. A failed compilation needs none.
          writeIndex();
        }
        if (!indexes.isEmpty()) {
          writer.writeServiceFile(indexes, allListeners);
        }
      } else {
        processRound(round);
      }
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable t) {
      messager.printMessage(
          Diagnostic.Kind.ERROR, Messages.unexpectedError("while writing the dispatcher index", t));
    }
    return false; // SubscribeProcessor reads @Subscribe too
  }

  private void processRound(RoundEnvironment round) throws IOException {
    for (TypeElement listener :
        ListenerValidator.declaringClasses(round.getElementsAnnotatedWith(Subscribe.class))) {
      QualifiedName dispatcher = GeneratedNames.dispatcherOf(listener, elements);
      if (!listener.getKind().isInterface() && !known.contains(dispatcher)) {
        known.add(dispatcher);
        pending.put(dispatcher, listener.getQualifiedName().toString());
      }
    }
    confirmWrittenDispatchers();
    if (pending.isEmpty() && !unindexed.isEmpty()) {
      writeIndex();
    }
  }

  /** Moves the dispatchers that exist now from {@code pending} to {@code unindexed}. */
  private void confirmWrittenDispatchers() {
    for (var it = pending.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<QualifiedName, String> entry = it.next();
      if (elements.getTypeElement(entry.getKey().canonicalName()) != null) {
        unindexed.add(entry.getKey());
        unindexedListeners.add(elements.getTypeElement(entry.getValue()));
        it.remove();
      }
    }
  }

  private void writeIndex() throws IOException {
    List<QualifiedName> dispatchers = new ArrayList<>(unindexed);
    Collections.sort(dispatchers);
    IndexClass index = new IndexClass(indexName(dispatchers), dispatchers, unindexedListeners);
    writer.write(index);
    indexes.add(index.name());
    allListeners.addAll(unindexedListeners);
    unindexed.clear();
    unindexedListeners.clear();
  }

  private QualifiedName indexName(List<QualifiedName> dispatchers) {
    String option = processingEnv.getOptions().get(GeneratedNames.INDEX_OPTION);
    if (option != null) {
      QualifiedName named = GeneratedNames.indexFromOption(option, indexes.size());
      if (named != null) {
        return named;
      }
      messager.printMessage(Diagnostic.Kind.ERROR, Messages.invalidIndexOption(option));
    }
    return GeneratedNames.defaultIndex(dispatchers);
  }
}
