package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gradle's rules for incremental annotation processing, emulated (Gradle itself cannot be installed
 * here). An isolating processor names exactly one originating element for every file it writes, and
 * Gradle deletes that file when the element's top-level type changes. An aggregating processor
 * sees, on every incremental build, the changed sources plus every class that carries an annotation
 * it supports, handed to javac as class names to process.
 */
class GradleRulesTest {
  private static final String[] SOURCES = {
    "good/plain/Radar.java",
    "good/plain/UnderAttack.java",
    "good/outer/Outer.java",
    "good/outer/Box.java",
    "good/zoo/Animal.java",
    "good/zoo/Mammal.java",
    "good/zoo/Dog.java",
    "good/zoo/Food.java",
    "good/zoo/Ball.java",
    "good/zoo/Noise.java",
  };

  @TempDir Path dir;

  @Test
  void everyDispatcherNamesExactlyOneOriginatingElementTheTypeItWasDerivedFrom()
      throws IOException {
    List<Written> written = compile(List.of(Compilations.sources(SOURCES)), List.of());

    List<Written> dispatchers =
        written.stream()
            .filter(w -> w.processor.equals("SubscribeProcessor"))
            .collect(Collectors.toList());
    assertThat(dispatchers.stream().map(w -> w.name).collect(Collectors.toList()))
        .containsExactly(
            "demo.Radar_Dispatcher",
            "outer.Outer_Nested_Dispatcher",
            "outer.Outer_Inner_Dispatcher",
            "outer.Box_Lid_Dispatcher",
            "zoo.Animal_Dispatcher",
            "zoo.Dog_Dispatcher");
    for (Written dispatcher : dispatchers) {
      assertThat(dispatcher.originating).hasSize(1);
      TypeElement listener = (TypeElement) dispatcher.originating.get(0);
      // Gradle maps the element to its top-level type, whose change deletes the file
      assertThat(topLevelOf(listener))
          .isIn(List.of("demo.Radar", "outer.Outer", "outer.Box", "zoo.Animal", "zoo.Dog"));
      assertThat(dispatcher.name).isEqualTo(dispatcherNameOf(listener));
    }
  }

  @Test
  void aChangeToOneListenerRegeneratesOnlyItsDispatcherAndTheServiceFile() throws IOException {
    compile(List.of(Compilations.sources(SOURCES)), List.of());
    Path services =
        dir.resolve("classes/META-INF/services/dev.herald.internal.generated.Dispatcher");
    String before = Files.readString(services);

    // Gradle hands the aggregating processor every class with an annotation it supports: the
    // dispatchers with their marker, never the listeners (which would regenerate them all)
    assertThat(new IndexProcessor().getSupportedAnnotationTypes())
        .containsExactly(
            GeneratedNames.GENERATED_DISPATCHER_ANNOTATION, GeneratedNames.GENERATED_ANNOTATION);
    // Gradle deletes what the changed type produced, and the aggregating processor's outputs
    Files.delete(dir.resolve("classes/demo/Radar.class"));
    Files.delete(dir.resolve("classes/demo/Radar_Dispatcher.class"));
    Files.delete(dir.resolve("generated/demo/Radar_Dispatcher.java"));
    Files.delete(services);
    List<String> aggregated =
        List.of(
            "outer.Outer_Nested_Dispatcher",
            "outer.Outer_Inner_Dispatcher",
            "outer.Box_Lid_Dispatcher",
            "zoo.Animal_Dispatcher",
            "zoo.Dog_Dispatcher");
    List<Written> written =
        compile(List.of(Compilations.sources("good/plain/Radar.java")), aggregated);

    assertThat(written.stream().map(w -> w.name).collect(Collectors.toList()))
        .containsExactly(
            "demo.Radar_Dispatcher", "META-INF/services/dev.herald.internal.generated.Dispatcher");
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
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null,
              files,
              d -> {
                if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {
                  errors.append(d.getMessage(Locale.ROOT)).append('\n');
                }
              },
              List.of(
                  "-d",
                  classes.toString(),
                  "-s",
                  generated.toString(),
                  "-sourcepath",
                  "",
                  "-classpath",
                  classes + File.pathSeparator + System.getProperty("java.class.path")),
              classNames.isEmpty() ? null : classNames,
              sources);
      task.setProcessors(
          List.of(
              new WrappedProcessor(
                  new IndexProcessor(), filer -> recording(filer, "IndexProcessor", written)),
              new ListenerChecksProcessor(),
              new WrappedProcessor(
                  new SubscribeProcessor(),
                  filer -> recording(filer, "SubscribeProcessor", written))));
      boolean ok = task.call();
      assertThat(errors.toString()).isEmpty();
      assertThat(ok).isTrue();
    }
    return written;
  }

  /**
   * A Filer that records what a processor writes, with the originating elements, as Gradle's does.
   */
  private static Filer recording(Filer filer, String processor, List<Written> written) {
    return new Filer() {
      @Override
      public JavaFileObject createSourceFile(CharSequence type, Element... originating)
          throws IOException {
        written.add(new Written(processor, type.toString(), originating));
        return filer.createSourceFile(type, originating);
      }

      @Override
      public JavaFileObject createClassFile(CharSequence type, Element... originating)
          throws IOException {
        written.add(new Written(processor, type.toString(), originating));
        return filer.createClassFile(type, originating);
      }

      @Override
      public FileObject createResource(
          JavaFileManager.Location location,
          CharSequence pkg,
          CharSequence relativeName,
          Element... originating)
          throws IOException {
        written.add(new Written(processor, relativeName.toString(), originating));
        return filer.createResource(location, pkg, relativeName, originating);
      }

      @Override
      public FileObject getResource(
          JavaFileManager.Location location, CharSequence pkg, CharSequence relativeName)
          throws IOException {
        return filer.getResource(location, pkg, relativeName);
      }
    };
  }
}
