package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shape docs/DESIGN.md promises for the processor, on both of its sides (dispatchers and
 * codecs): the doors coordinate, {@code validation/} only reports, {@code model/} builds the
 * values, {@code writing/} is the only user of JavaPoet and writes every resource (the service
 * files and the message map).
 */
class ProcessorLayoutTest {
  private static final Path SOURCES = Path.of("src/main/java/dev/herald/processor");

  @Test
  void onlyWritingUsesJavaPoet() throws IOException {
    List<String> users = filesContaining("com.palantir.javapoet");
    assertThat(users)
        .containsAtLeast(
            "writing/CodecWriter.java",
            "writing/DispatcherWriter.java",
            "writing/IndexWriter.java");
    for (String user : users) {
      assertThat(user).startsWith("writing/");
    }
  }

  @Test
  void validationBuildsNoModelValues() throws IOException {
    for (String construction :
        List.of(
            "new WireType(",
            "new WireField(",
            "new ValueType(",
            "ValueType.of(",
            "new ListenerClass(",
            "new HandlerMethod(",
            "new WireModels(",
            "new ListenerModels(",
            "new ListenerMap(",
            "new WireTypeMap(",
            "new KnownType(",
            "new MessageMaps(")) {
      for (String file : filesContaining(construction)) {
        assertWithMessage("%s in %s", construction, file).that(file).doesNotMatch("validation/.*");
      }
    }
  }

  @Test
  void everyResourceIsWrittenByServiceFileOrTheMessageMapWriter() throws IOException {
    assertThat(filesContaining("createResource("))
        .containsExactly("writing/ServiceFile.java", "writing/MessageMapWriter.java");
  }

  @Test
  void everyDiagnosticAndGeneratedNameHasOneCatalogue() throws IOException {
    assertThat(filesContaining("public final class Diagnostics"))
        .containsExactly("Diagnostics.java");
    assertThat(filesContaining("public final class GeneratedNames"))
        .containsExactly("GeneratedNames.java");
    assertThat(filesContaining("Kind.ERROR, \"")).isEmpty();
  }

  /** The sources under {@code dev/herald/processor} whose text contains {@code text}. */
  private static List<String> filesContaining(String text) throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file :
          (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
        if (Files.readString(file).contains(text)) {
          found.add(SOURCES.relativize(file).toString().replace('\\', '/'));
        }
      }
    }
    return found;
  }
}
