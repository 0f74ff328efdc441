package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged processor as a plain {@code javac} user runs it: its jar is the whole processor path
 * (JavaPoet is inside it), and the class path holds Herald's annotations and contract only. Runs
 * after packaging, in {@code verify}.
 */
class ProcessorJarIT {

  @Test
  void theProcessorJarAloneIsTheProcessorPath(@TempDir Path dir) throws IOException {
    Path jar = Path.of(System.getProperty("herald.processor.jar"));
    Path source = dir.resolve("src/demo/Radar.java");
    Files.createDirectories(source.getParent());
    Files.writeString(
        source,
        "package demo;\n"
            + "import dev.herald.annotation.Subscribe;\n"
            + "public final class Radar {\n"
            + "  @Subscribe void onPing(String ping) {}\n"
            + "}\n");
    Path classes = Files.createDirectories(dir.resolve("classes"));
    StringWriter output = new StringWriter();

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    boolean ok;
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      List<String> options =
          new ArrayList<>(
              List.of(
                  "-d", classes.toString(),
                  "-classpath", heraldContract(),
                  "-processorpath", jar.toString(),
                  "-Xlint:all", "-Werror"));
      ok =
          javac
              .getTask(
                  output,
                  files,
                  d -> output.write(d.getKind() + ": " + d.getMessage(Locale.ROOT) + "\n"),
                  options,
                  null,
                  files.getJavaFileObjects(source.toFile()))
              .call();
    }

    assertThat(output.toString()).isEmpty();
    assertThat(ok).isTrue();
    assertThat(Files.exists(classes.resolve("demo/Radar_Dispatcher.class"))).isTrue();
    assertThat(
            Files.readString(
                classes.resolve("META-INF/services/dev.herald.internal.generated.Dispatcher")))
        .isEqualTo("demo.Radar_Dispatcher\n");
  }

  /** The annotations and the SPI from this test's class path, and nothing else. */
  private static String heraldContract() {
    List<String> entries = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (entry.contains("herald-annotations")
          || entry.contains("annotations" + File.separator + "target")
          || entry.contains("herald-generated")
          || entry.contains("spi" + File.separator + "target")) {
        entries.add(entry);
      }
    }
    assertThat(entries).hasSize(2);
    return String.join(File.pathSeparator, entries);
  }
}
