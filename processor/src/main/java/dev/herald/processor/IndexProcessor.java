package dev.herald.processor;

import com.google.auto.service.AutoService;
import dev.herald.processor.model.IndexClass;
import dev.herald.processor.model.QualifiedName;
import dev.herald.processor.model.SubscribeAnnotation;
import dev.herald.processor.writing.IndexWriter;
import dev.herald.processor.writing.MessageMapWriter;
import dev.herald.processor.writing.ServiceFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.FilerException;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedOptions;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;

/**
 * Registers every dispatcher for {@link java.util.ServiceLoader} in {@code
 * META-INF/services/dev.herald.internal.generated.Dispatcher}, writes the {@code DispatcherIndex}
 * class that {@code -Aherald.index} names, and writes the listeners' part of the message map: the
 * entry of each registered dispatcher's listener, which the dispatcher carries in its marker
 * ({@code @GeneratedDispatcher(map = ...)}), all in one file, {@code
 * META-INF/herald/map/listeners.map}, which {@code META-INF/herald/map/listeners.index} lists.
 *
 * <p>It finds the dispatchers by the {@code @GeneratedDispatcher} marker that {@link
 * SubscribeProcessor} puts on each, never by {@code @Subscribe}: so only dispatchers that were
 * actually written are listed, and Gradle can run this processor as aggregating and {@link
 * SubscribeProcessor} as isolating (a changed listener then regenerates its own dispatcher and this
 * file, nothing else).
 *
 * <p>A build that recompiles only some sources (Maven with incremental compilation off, an IDE)
 * leaves the service file of the earlier compilation in the output. Its entries are kept while they
 * are still true: the dispatcher class exists and its listener still declares {@code @Subscribe}
 * methods. A listener that dropped all its handlers is {@link ListenerChecksProcessor}'s to report.
 * The map follows the service file entry for entry, so it shows exactly the listeners whose
 * dispatchers are registered: a kept dispatcher's entry is read from its class file's marker. One
 * file for all the listeners, rather than one per listener, because javac's {@code Filer} checks
 * every new file against every file written before it, which a large module pays for many times
 * over.
 *
 * <p>It claims the marker and {@code javax.annotation.processing.Generated}, which every source
 * Herald writes carries: left unclaimed, each makes javac warn, and a build with {@code -Xlint:all
 * -Werror} fails. {@code @Generated} is documentation that no processor acts on.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes({
  GeneratedNames.GENERATED_DISPATCHER_ANNOTATION,
  GeneratedNames.GENERATED_ANNOTATION
})
@SupportedOptions(GeneratedNames.INDEX_OPTION)
public final class IndexProcessor extends AbstractProcessor {
  private final List<QualifiedName> indexes = new ArrayList<>();

  private Elements elements;
  private Messager messager;
  private IndexWriter writer;
  private MessageMapWriter mapWriter;

  /** Every dispatcher to register: this compilation's and the earlier ones still true. */
  private ServiceFile serviceFile;

  /** The map entry of every registered dispatcher, by the dispatcher's canonical name. */
  private final Map<String, List<String>> mapEntries = new TreeMap<>();

  /** The dispatchers of this compilation, which the map file originates from. */
  private final List<Element> mapOriginating = new ArrayList<>();

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    elements = env.getElementUtils();
    messager = env.getMessager();
    writer = new IndexWriter(env.getFiler(), elements);
    mapWriter = new MessageMapWriter(env.getFiler());
    serviceFile = new ServiceFile(env.getFiler(), GeneratedNames.DISPATCHER_SERVICE_FILE);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      if (round.processingOver()) {
        serviceFile.writeIfAdded();
        writeMap();
      } else {
        registerDispatchersOf(round);
      }
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable t) {
      messager.printMessage(
          Diagnostic.Kind.ERROR,
          Diagnostics.unexpectedError("while writing the dispatcher index", t));
    }
    return true;
  }

  private void registerDispatchersOf(RoundEnvironment round) throws IOException {
    TypeElement marker = elements.getTypeElement(GeneratedNames.GENERATED_DISPATCHER_ANNOTATION);
    if (marker == null) {
      return; // herald-generated is not on the class path: the dispatchers themselves fail to
      // compile
    }
    List<QualifiedName> dispatchers = new ArrayList<>();
    List<Element> originating = new ArrayList<>();
    for (Element dispatcher : round.getElementsAnnotatedWith(marker)) {
      if (dispatcher instanceof TypeElement) {
        dispatchers.add(GeneratedNames.nameOf((TypeElement) dispatcher, elements));
        originating.add(dispatcher);
      }
    }
    if (dispatchers.isEmpty()) {
      return;
    }
    List<String> withoutEntry = new ArrayList<>();
    for (String earlier : serviceFile.earlierEntriesOnce()) {
      TypeElement dispatcher = elements.getTypeElement(earlier);
      TypeElement listener = dispatcher == null ? null : listenerOf(dispatcher);
      if (listener != null && SubscribeAnnotation.declaresHandlers(listener)) {
        serviceFile.keep(earlier);
        List<String> entry = mapEntryOf(dispatcher);
        if (entry.isEmpty()) {
          withoutEntry.add(earlier);
        }
        mapEntries.put(earlier, entry);
      }
    }
    for (int i = 0; i < dispatchers.size(); i++) {
      // one handed over as a class file (as Gradle does) may be the earlier processor's too
      List<String> entry = mapEntryOf((TypeElement) originating.get(i));
      if (entry.isEmpty()) {
        withoutEntry.add(dispatchers.get(i).canonicalName());
      }
      serviceFile.add(dispatchers.get(i).canonicalName(), originating.get(i));
      mapEntries.put(dispatchers.get(i).canonicalName(), entry);
      mapOriginating.add(originating.get(i));
    }
    if (!withoutEntry.isEmpty()) {
      // still registered, so still called; only the map would lack them, in silence
      messager.printMessage(
          Diagnostic.Kind.WARNING,
          Diagnostics.dispatchersWithoutMapEntry(withoutEntry.get(0), withoutEntry.size()));
    }
    String option = processingEnv.getOptions().get(GeneratedNames.INDEX_OPTION);
    if (option != null) {
      // the first index lists the earlier dispatchers too; one of a later round, its own
      writeIndex(
          option, indexes.isEmpty() ? names(serviceFile.entries()) : dispatchers, originating);
    }
  }

  /** {@code L} of {@code L_Dispatcher extends Dispatcher<L>}; {@code null} if it is not that. */
  private static TypeElement listenerOf(TypeElement dispatcher) {
    TypeMirror superclass = dispatcher.getSuperclass();
    if (superclass instanceof DeclaredType declared
        && declared.getTypeArguments().size() == 1
        && declared.getTypeArguments().get(0) instanceof DeclaredType listener) {
      return (TypeElement) listener.asElement();
    }
    return null;
  }

  /**
   * The lines of the map entry that {@code dispatcher}'s marker carries, without the format line;
   * none from a dispatcher whose marker has none (written by an earlier version of the processor).
   */
  private static List<String> mapEntryOf(TypeElement dispatcher) {
    List<String> strings = new ArrayList<>();
    for (AnnotationMirror annotation : dispatcher.getAnnotationMirrors()) {
      if (((TypeElement) annotation.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals(GeneratedNames.GENERATED_DISPATCHER_ANNOTATION)) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> member :
            annotation.getElementValues().entrySet()) {
          if (member.getKey().getSimpleName().contentEquals("map")
              && member.getValue().getValue() instanceof List<?> values) {
            for (Object value : values) {
              strings.add(String.valueOf(((AnnotationValue) value).getValue()));
            }
          }
        }
      }
    }
    List<String> lines = MessageMapWriter.linesOfMarker(strings);
    lines.remove(GeneratedNames.MAP_FORMAT);
    return lines;
  }

  /** Writes the listeners' map, if this compilation wrote a dispatcher, as the service file. */
  private void writeMap() throws IOException {
    if (!mapOriginating.isEmpty()) {
      mapWriter.writeListeners(mapEntries.values(), mapOriginating.toArray(new Element[0]));
    }
  }

  private static List<QualifiedName> names(List<String> canonicalNames) {
    List<QualifiedName> names = new ArrayList<>();
    for (String name : canonicalNames) {
      names.add(QualifiedName.parse(name));
    }
    return names;
  }

  private void writeIndex(String option, List<QualifiedName> dispatchers, List<Element> originating)
      throws IOException {
    QualifiedName name = GeneratedNames.indexFromOption(option, indexes.size());
    if (name == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, Diagnostics.invalidIndexOption(option));
      return;
    }
    try {
      writer.write(new IndexClass(name, dispatchers, originating));
    } catch (FilerException clash) {
      messager.printMessage(
          Diagnostic.Kind.ERROR, Diagnostics.indexNameTaken(name.canonicalName()));
      return;
    }
    indexes.add(name);
  }
}
