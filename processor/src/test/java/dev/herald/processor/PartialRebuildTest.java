package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build that recompiles only some sources into the output of an earlier one (an IDE, Maven
 * without incremental compilation): the service file keeps the codecs that are still right, and the
 * message map's index of wire types the same types.
 */
class PartialRebuildTest {

  @TempDir Path dir;

  @Test
  void recompilingOneTypeKeepsTheOtherCodecsRegistered() throws IOException {
    compile(WireCompilations.SHAPES);
    compile("wire/good/shapes/Position.java");

    assertThat(serviceFile())
        .containsExactly(
            "shapes.Circle_Codec",
            "shapes.Color_Codec",
            "shapes.Everything_Codec",
            "shapes.Fleet_Ship_Codec",
            "shapes.Money_Codec",
            "shapes.Position_Codec",
            "shapes.Shape_Codec",
            "shapes.Square_Codec")
        .inOrder();
    assertThat(wireMapIndex())
        .containsExactly(
            GeneratedNames.MAP_FORMAT,
            "shapes.Circle.wire",
            "shapes.Color.wire",
            "shapes.Everything.wire",
            "shapes.Fleet$Ship.wire",
            "shapes.Money.wire",
            "shapes.Position.wire",
            "shapes.Shape.wire",
            "shapes.Square.wire")
        .inOrder();
  }

  @Test
  void aTypeThatLostItsAnnotationLosesItsRegistration() throws IOException {
    compile(WireCompilations.SHAPES);
    compile("wire/good/shapes/Position.java", "wire/edited/shapes/Square.java");

    assertThat(serviceFile()).doesNotContain("shapes.Square_Codec");
    assertThat(serviceFile()).hasSize(7);
    // its map file is still in the output, as its codec is; the index no longer lists it
    assertThat(Files.exists(mapFolder().resolve("shapes.Square.wire"))).isTrue();
    assertThat(wireMapIndex()).doesNotContain("shapes.Square.wire");
    assertThat(wireMapIndex()).hasSize(1 + 7);
  }

  private List<String> serviceFile() throws IOException {
    return Files.readAllLines(dir.resolve("classes").resolve(GeneratedNames.CODEC_SERVICE_FILE));
  }

  private List<String> wireMapIndex() throws IOException {
    return Files.readAllLines(dir.resolve("classes").resolve(GeneratedNames.WIRE_MAP_INDEX));
  }

  private Path mapFolder() {
    return dir.resolve("classes").resolve(GeneratedNames.MAP_FOLDER);
  }

  private void compile(String... resources) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Path classes = Files.createDirectories(dir.resolve("classes"));
    StringWriter errors = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              errors,
              files,
              null,
              List.of(
                  "-d",
                  classes.toString(),
                  "-s",
                  Files.createDirectories(dir.resolve("generated")).toString(),
                  "-implicit:none",
                  "-classpath",
                  classes + File.pathSeparator + System.getProperty("java.class.path")),
              null,
              List.of(WireCompilations.sources(resources)));
      task.setProcessors(WireCompilations.processors());
      assertThat(task.call()).isTrue();
    }
    assertThat(errors.toString()).isEmpty();
  }
}
