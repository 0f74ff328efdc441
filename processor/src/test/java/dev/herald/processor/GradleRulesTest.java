package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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
import javax.tools.FileObject;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gradle's rules for incremental annotation processing, emulated (Gradle itself cannot be
 * installed here). An isolating processor names exactly one originating element for every
 * file it writes, and Gradle deletes that file when the element's top-level type changes. An
 * aggregating processor sees, on every incremental build, the changed sources plus every class
 * that carries an annotation it supports, handed to javac as class names to process.
 */
class GradleRulesTest {
  private static final String[] SOURCES = {
    "good/plain/Radar.java", "good/plain/UnderAttack.java",
    "good/outer/Outer.java", "good/outer/Box.java",
    "good/zoo/Animal.java", "good/zoo/Mammal.java", "good/zoo/Dog.java", "good/zoo/Food.java",
    "good/zoo/Ball.java", "good/zoo/Noise.java",
  };

  @TempDir Path dir;

  @Test
  void everyDispatcherNamesExactlyOneOriginatingElementTheTypeItWasDerivedFrom()
      throws IOException {
    List<Written> written = compile(List.of(Compilations.sources(SOURCES)), List.of());

    List<Written> dispatchers =
        written.stream().filter(w -> w.processor.equals("SubscribeProcessor")).collect(Collectors.toList());
    assertThat(dispatchers.stream().map(w -> w.name).collect(Collectors.toList()))
        .containsExactly("demo.Radar_Dispatcher", "outer.Outer_Nested_Dispatcher",
            "outer.Outer_Inner_Dispatcher", "outer.Box_Lid_Dispatcher", "zoo.Animal_Dispatcher",
            "zoo.Dog_Dispatcher");
    for (Written dispatcher : dispatchers) {
      assertThat(dispatcher.originating).hasSize(1);
      TypeElement listener = (TypeElement) dispatcher.originating.get(0);
      // Gradle maps the element to its top-level type, whose change deletes the file
      assertThat(topLevelOf(listener)).isIn(List.of("demo.Radar", "outer.Outer", "outer.Box",
          "zoo.Animal", "zoo.Dog"));
      assertThat(dispatcher.name).isEqualTo(dispatcherNameOf(listener));
    }
  }

  @Test
  void aChangeToOneListenerRegeneratesOnlyItsDispatcherAndTheServiceFile() throws IOException {
    compile(List.of(Compilations.sources(SOURCES)), List.of());
    Path services = dir.resolve("classes/META-INF/services/dev.herald.spi.Dispatcher");
    String before = Files.readString(services);

    // Gradle hands the aggregating processor every class with an annotation it supports: the
    // dispatchers with their marker, never the listeners (which would regenerate them all)
    assertThat(new IndexProcessor().getSupportedAnnotationTypes())
        .containsExactly(GeneratedNames.GENERATED_DISPATCHER_ANNOTATION,
            GeneratedNames.GENERATED_ANNOTATION);
    // Gradle deletes what the changed type produced, and the aggregating processor's outputs
    Files.delete(dir.resolve("classes/demo/Radar.class"));
    Files.delete(dir.resolve("classes/demo/Radar_Dispatcher.class"));
    Files.delete(dir.resolve("generated/demo/Radar_Dispatcher.java"));
    Files.delete(services);
    List<String> aggregated = List.of("outer.Outer_Nested_Dispatcher",
        "outer.Outer_Inner_Dispatcher", "outer.Box_Lid_Dispatcher",
        "zoo.Animal_Dispatcher", "zoo.Dog_Dispatcher");
    List<Written> written =
        compile(List.of(Compilations.sources("good/plain/Radar.java")), aggregated);

    assertThat(written.stream().map(w -> w.name).collect(Collectors.toList()))
        .containsExactly("demo.Radar_Dispatcher", "META-INF/services/dev.herald.spi.Dispatcher");
    assertThat(Files.readString(services)).isEqualTo(before);
  }

  private static String topLevelOf(TypeElement type) {
    Element e = type;
    while (e.getEnclosingElement() instanceof TypeElement) {
      e = e.getEnclosingElement();
    }
    return ((TypeElement) e).getQualifiedName().toString();
  }

  private static String dispatcherNameOf(TypeElement listener) {
    String top = topLevelOf(listener);
    String packageName = top.substring(0, top.lastIndexOf('.'));
    String nested = listener.getQualifiedName().toString().substring(packageName.length() + 1);
    return packageName + "." + nested.replace('.', '_') + "_Dispatcher";
  }

  /** What a processor wrote through the Filer, and the originating elements it named. */
  private static final class Written {
    final String processor;
    final String name;
    final List<Element> originating;

    Written(String processor, String name, Element[] originating) {
      this.processor = processor;
      this.name = name;
      this.originating = List.of(originating);
    }
  }

  private List<Written> compile(List<JavaFileObject> sources, List<String> classNames)
      throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    List<Written> written = new ArrayList<>();
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringBuilder errors = new StringBuilder();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, files,
          d -> {
            if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {
              errors.append(d.getMessage(Locale.ROOT)).append('\n');
            }
          },
          List.of("-d", classes.toString(), "-s", generated.toString(), "-sourcepath", "",
              "-classpath", classes + File.pathSeparator + System.getProperty("java.class.path")),
          classNames.isEmpty() ? null : classNames, sources);
      task.setProcessors(List.of(
          new Recording(new IndexProcessor(), written),
          new ListenerChecksProcessor(),
          new Recording(new SubscribeProcessor(), written)));
      boolean ok = task.call();
      assertThat(errors.toString()).isEmpty();
      assertThat(ok).isTrue();
    }
    return written;
  }

  /** Runs a processor with a Filer that records what it writes, as Gradle's does. */
  private static final class Recording implements Processor {
    private final Processor processor;
    private final List<Written> written;

    Recording(Processor processor, List<Written> written) {
      this.processor = processor;
      this.written = written;
    }

    @Override
    public void init(ProcessingEnvironment env) {
      String name = processor.getClass().getSimpleName();
      Filer filer = new Filer() {
        @Override
        public JavaFileObject createSourceFile(CharSequence type, Element... originating)
            throws IOException {
          written.add(new Written(name, type.toString(), originating));
          return env.getFiler().createSourceFile(type, originating);
        }

        @Override
        public JavaFileObject createClassFile(CharSequence type, Element... originating)
            throws IOException {
          written.add(new Written(name, type.toString(), originating));
          return env.getFiler().createClassFile(type, originating);
        }

        @Override
        public FileObject createResource(JavaFileManager.Location location, CharSequence pkg,
            CharSequence relativeName, Element... originating) throws IOException {
          written.add(new Written(name, relativeName.toString(), originating));
          return env.getFiler().createResource(location, pkg, relativeName, originating);
        }

        @Override
        public FileObject getResource(JavaFileManager.Location location, CharSequence pkg,
            CharSequence relativeName) throws IOException {
          return env.getFiler().getResource(location, pkg, relativeName);
        }
      };
      processor.init(new ProcessingEnvironment() {
        @Override public Map<String, String> getOptions() { return env.getOptions(); }
        @Override public Messager getMessager() { return env.getMessager(); }
        @Override public Filer getFiler() { return filer; }
        @Override public Elements getElementUtils() { return env.getElementUtils(); }
        @Override public Types getTypeUtils() { return env.getTypeUtils(); }
        @Override public SourceVersion getSourceVersion() { return env.getSourceVersion(); }
        @Override public Locale getLocale() { return env.getLocale(); }
      });
    }

    @Override public Set<String> getSupportedOptions() { return processor.getSupportedOptions(); }
    @Override public Set<String> getSupportedAnnotationTypes() {
      return processor.getSupportedAnnotationTypes();
    }
    @Override public SourceVersion getSupportedSourceVersion() {
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
}
