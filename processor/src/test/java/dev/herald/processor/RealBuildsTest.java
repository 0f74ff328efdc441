package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.Compilations.herald;
import static dev.herald.processor.Compilations.sources;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The processor as users' builds run it: discovered from the processor path, with strict lint,
 * at older release levels, in a wrapped processing environment, and counted in rounds.
 */
class RealBuildsTest {

  /** Listeners written in Java 11 (the messages too: no records), with handlers of many kinds. */
  private static final String[] LISTENERS = {
    "good/zoo/Animal.java", "good/zoo/Mammal.java", "good/zoo/Dog.java", "good/zoo/Food.java",
    "good/zoo/Ball.java", "good/zoo/Noise.java",
    "good/outer/Outer.java", "good/outer/Box.java",
    "good/cache/Cache.java", "good/cache/Evict.java",
  };

  @Test
  void warningsAsErrorsBuildSucceedsWithTheProcessorsFoundOnTheProcessorPath(@TempDir Path dir)
      throws IOException {
    StringWriter output = new StringWriter();
    boolean ok = javac(dir, output, List.of("-Xlint:all", "-Werror"), "good/plain/Radar.java",
        "good/plain/UnderAttack.java");

    assertThat(output.toString()).doesNotContain("warning");
    assertThat(ok).isTrue();
    assertThat(Files.exists(dir.resolve("classes/demo/Radar_Dispatcher.class"))).isTrue();
    assertThat(Files.readString(
            dir.resolve("classes/META-INF/services/dev.herald.spi.Dispatcher")))
        .isEqualTo("demo.Radar_Dispatcher\n");
  }

  @Test
  void roundsAreTheOnesTheGenerationNeeds(@TempDir Path dir) throws IOException {
    StringWriter output = new StringWriter();
    assertThat(javac(dir, output, List.of("-XprintRounds"), "good/plain/Radar.java",
        "good/plain/UnderAttack.java")).isTrue();

    // 1: the listener, whose dispatcher is written; 2: the dispatcher, registered in the
    // service file; 3: javac's last round, in which the service file is written
    Matcher rounds = Pattern.compile("(?m)^Round (\\d+):").matcher(output.toString());
    int last = 0;
    while (rounds.find()) {
      last = Integer.parseInt(rounds.group(1));
    }
    assertThat(last).isEqualTo(3);
  }

  @ParameterizedTest
  @ValueSource(strings = {"11", "17"})
  void generatedCodeCompilesAtTheUsersReleaseLevel(String release) {
    Compilation compilation =
        Compiler.javac()
            .withProcessors(Compilations.processors())
            .withOptions("--release", release, "-Xlint:all,-options,-processing")
            .compile(sources(LISTENERS));

    assertThat(compilation).succeeded();
    assertThat(compilation).generatedSourceFile("zoo.Dog_Dispatcher");
  }

  @Test
  void localClassCheckUnderAWrappedEnvironmentSaysItCouldNotRun() {
    Compilation compilation =
        Compiler.javac()
            .withProcessors(
                new IndexProcessor(),
                new WrappedEnvironment(new ListenerChecksProcessor()),
                new SubscribeProcessor())
            .compile(sources("good/plain/Radar.java", "good/plain/UnderAttack.java"));

    assertThat(compilation).succeeded();
    assertThat(compilation).hadNoteContaining(Messages.LOCAL_CLASS_CHECK_SKIPPED);
  }

  @Test
  void localClassCheckUnwrappedStillReportsTheError() {
    Compilation compilation = herald().compile(Compilations.source("bad/AnonymousClass.java"));

    assertThat(compilation).hadErrorContaining(Messages.UNREACHABLE_LISTENER);
    assertThat(compilation).hadErrorCount(1);
  }

  /** javac through javax.tools, finding Herald's processors as a user's build does. */
  static boolean javac(Path dir, StringWriter output, List<String> extra, String... resources)
      throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      Path classes = Files.createDirectories(dir.resolve("classes"));
      Path generated = Files.createDirectories(dir.resolve("generated"));
      String classPath = System.getProperty("java.class.path");
      List<String> options = new ArrayList<>(List.of(
          "-d", classes.toString(), "-s", generated.toString(),
          "-classpath", classes + File.pathSeparator + classPath,
          "-processorpath", classPath));
      options.addAll(extra);
      JavaCompiler.CompilationTask task =
          javac.getTask(output, files, d -> output.write(d.getKind() + ": "
                  + d.getMessage(Locale.ROOT) + "\n"),
              options, null, List.of(sources(resources)));
      return task.call();
    }
  }

  /**
   * Runs a processor behind a delegating {@link ProcessingEnvironment}, as Gradle does for
   * incremental processing: javac's tree API refuses such an environment.
   */
  static final class WrappedEnvironment implements Processor {
    private final Processor processor;

    WrappedEnvironment(Processor processor) {
      this.processor = processor;
    }

    @Override
    public void init(ProcessingEnvironment env) {
      processor.init(new ProcessingEnvironment() {
        @Override public Map<String, String> getOptions() { return env.getOptions(); }
        @Override public Messager getMessager() { return env.getMessager(); }
        @Override public Filer getFiler() { return env.getFiler(); }
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
    public Iterable<? extends javax.annotation.processing.Completion> getCompletions(
        Element element, AnnotationMirror annotation, ExecutableElement member, String text) {
      return processor.getCompletions(element, annotation, member, text);
    }
  }
}
