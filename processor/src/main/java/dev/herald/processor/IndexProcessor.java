package dev.herald.processor;

import com.google.auto.service.AutoService;
import dev.herald.processor.model.IndexClass;
import dev.herald.processor.model.QualifiedName;
import dev.herald.processor.writing.IndexWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.FilerException;
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
 * <p>It finds the dispatchers by the {@code @GeneratedDispatcher} marker that
 * {@link SubscribeProcessor} puts on each, never by {@code @Subscribe}: so only dispatchers
 * that were actually written are listed, and Gradle can run this processor as aggregating and
 * {@link SubscribeProcessor} as isolating (a changed listener then regenerates its own
 * dispatcher and the index, nothing else). An index is written in each round that brings new
 * dispatchers (normally only the second round); the service file, written in the last round,
 * lists every index.
 *
 * <p>It claims the marker and {@code javax.annotation.processing.Generated}, which every
 * source Herald writes carries: left unclaimed, each makes javac warn, and a build with
 * {@code -Xlint:all -Werror} fails. {@code @Generated} is documentation that no processor acts
 * on.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes({
  GeneratedNames.GENERATED_DISPATCHER_ANNOTATION,
  GeneratedNames.GENERATED_ANNOTATION
})
@SupportedOptions(GeneratedNames.INDEX_OPTION)
public final class IndexProcessor extends AbstractProcessor {
  private final List<QualifiedName> indexes = new ArrayList<>();
  private final List<Element> allDispatchers = new ArrayList<>();

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
        if (!indexes.isEmpty()) {
          writer.writeServiceFile(indexes, allDispatchers);
        }
      } else {
        indexDispatchersOf(round);
      }
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable t) {
      messager.printMessage(
          Diagnostic.Kind.ERROR, Messages.unexpectedError("while writing the dispatcher index", t));
    }
    return true;
  }

  private void indexDispatchersOf(RoundEnvironment round) throws IOException {
    TypeElement marker = elements.getTypeElement(GeneratedNames.GENERATED_DISPATCHER_ANNOTATION);
    if (marker == null) {
      return; // herald-spi is not on the class path: the dispatchers themselves fail to compile
    }
    List<QualifiedName> dispatchers = new ArrayList<>();
    List<Element> originating = new ArrayList<>();
    for (Element dispatcher : round.getElementsAnnotatedWith(marker)) {
      if (dispatcher instanceof TypeElement) {
        TypeElement type = (TypeElement) dispatcher;
        dispatchers.add(
            new QualifiedName(
                elements.getPackageOf(type).getQualifiedName().toString(),
                type.getSimpleName().toString()));
        originating.add(dispatcher);
      }
    }
    if (dispatchers.isEmpty()) {
      return;
    }
    Collections.sort(dispatchers);
    IndexClass index = new IndexClass(indexName(dispatchers), dispatchers, originating);
    try {
      writer.write(index);
    } catch (FilerException clash) {
      messager.printMessage(
          Diagnostic.Kind.ERROR, Messages.indexNameTaken(index.name().canonicalName()));
      return;
    }
    indexes.add(index.name());
    allDispatchers.addAll(originating);
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
