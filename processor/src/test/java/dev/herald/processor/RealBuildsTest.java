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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The processor as users' builds run it: discovered from the processor path, with strict lint, at
 * older release levels, in a wrapped processing environment, and counted in rounds.
 */
class RealBuildsTest {

  /**
   * Listeners written in Java 8 (the messages too: no records), with handlers of many kinds,
   * interfaces among them.
   */
  private static final String[] LISTENERS = {
    "good/zoo/Animal.java",
    "good/zoo/Mammal.java",
    "good/zoo/Dog.java",
    "good/zoo/Food.java",
    "good/zoo/Ball.java",
    "good/zoo/Noise.java",
    "good/outer/Outer.java",
    "good/outer/Box.java",
    "good/cache/Cache.java",
    "good/cache/Evict.java",
    "good/iface/MoveListener.java",
    "good/iface/GameListener.java",
    "good/iface/Move.java",
    "good/iface/GameOver.java",
  };

  @Test
  void warningsAsErrorsBuildSucceedsWithTheProcessorsFoundOnTheProcessorPath(@TempDir Path dir)
      throws IOException {
    StringWriter output = new StringWriter();
    boolean ok =
        javac(
            dir,
            output,
            List.of("-Xlint:all", "-Werror"),
            "good/plain/Radar.java",
            "good/plain/UnderAttack.java");

    assertThat(output.toString()).doesNotContain("warning");
    assertThat(ok).isTrue();
    assertThat(Files.exists(dir.resolve("classes/demo/Radar_Dispatcher.class"))).isTrue();
    assertThat(
            Files.readString(
                dir.resolve("classes/META-INF/services/dev.herald.internal.generated.Dispatcher")))
        .isEqualTo("demo.Radar_Dispatcher\n");
  }

  @Test
  void roundsAreTheOnesTheGenerationNeeds(@TempDir Path dir) throws IOException {
    StringWriter output = new StringWriter();
    assertThat(
            javac(
                dir,
                output,
                List.of("-XprintRounds"),
                "good/plain/Radar.java",
                "good/plain/UnderAttack.java"))
        .isTrue();

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
  @ValueSource(strings = {"8", "11", "17"})
  void generatedCodeCompilesAtTheUsersReleaseLevel(String release) {
    Compilation compilation =
        Compiler.javac()
            .withProcessors(Compilations.processors())
            .withOptions("--release", release, "-Xlint:all,-options,-processing")
            .compile(sources(LISTENERS));

    assertThat(compilation).succeeded();
    assertThat(compilation).generatedSourceFile("zoo.Dog_Dispatcher");
  }

  /** {@code -source}/{@code -target} without {@code --release}: JDK 17's classes, old syntax. */
  @ParameterizedTest
  @ValueSource(strings = {"8", "11"})
  void generatedCodeCompilesAtTheUsersSourceLevel(String level) {
    Compilation compilation =
        Compiler.javac()
            .withProcessors(Compilations.processors())
            .withOptions("-source", level, "-target", level, "-Xlint:all,-options,-processing")
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
                new WrappedProcessor(new ListenerChecksProcessor()),
                new SubscribeProcessor())
            .compile(sources("good/plain/Radar.java", "good/plain/UnderAttack.java"));

    assertThat(compilation).succeeded();
    assertThat(compilation).hadNoteContaining(Diagnostics.LOCAL_CLASS_CHECK_SKIPPED);
  }

  @Test
  void localClassCheckUnwrappedStillReportsTheError() {
    Compilation compilation = herald().compile(Compilations.source("bad/AnonymousClass.java"));

    assertThat(compilation).hadErrorContaining(Diagnostics.UNREACHABLE_LISTENER);
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
      List<String> options =
          new ArrayList<>(
              List.of(
                  "-d",
                  classes.toString(),
                  "-s",
                  generated.toString(),
                  "-classpath",
                  classes + File.pathSeparator + classPath,
                  "-processorpath",
                  classPath));
      options.addAll(extra);
      JavaCompiler.CompilationTask task =
          javac.getTask(
              output,
              files,
              d -> output.write(d.getKind() + ": " + d.getMessage(Locale.ROOT) + "\n"),
              options,
              null,
              List.of(sources(resources)));
      return task.call();
    }
  }
}
