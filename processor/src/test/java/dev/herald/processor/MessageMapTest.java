package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.Compilations.herald;
import static dev.herald.processor.Compilations.sources;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The message map's files: what the processor records of every listener (its handlers with all
 * their attributes, and the hierarchy of the types they take) and of every wire type (its id, its
 * fields' types, its subtypes), beside the dispatchers and codecs, and the indexes that list them.
 */
class MessageMapTest {

  private static Compilation console;
  private static Compilation shapes;

  @BeforeAll
  static void compile() {
    console =
        herald()
            .compile(
                sources(
                    "good/map/Signals.java",
                    "good/map/Console.java",
                    "stub/dev/herald/Envelope.java"));
    shapes = WireCompilations.wire().compile(WireCompilations.sources(WireCompilations.SHAPES));
  }

  @Test
  void theListenersFileRecordsEveryAttributeOfEveryHandlerAndTheHierarchyOfTheirTypes() {
    assertThat(console).succeededWithoutWarnings();
    // java.util's types are left out: their supertypes depend on the compiling JDK
    assertThat(withoutJavaUtilTypes(mapFile(console, GeneratedNames.LISTENERS_MAP)))
        .isEqualTo(resource("expected/map/map.Console.listeners.map"));
  }

  @Test
  void aNestedListenerIsNamedByItsBinaryNameAndTheJdksTypesAreRecordedToo() {
    String tray = mapFile(console, GeneratedNames.LISTENERS_MAP);

    assertThat(tray).startsWith("herald-map 1\nlistener map.Console\n");
    assertThat(tray).contains("\nlistener map.Console$Tray\n");
    assertThat(tray).contains("\nhandler level map.Signals$Level\nhandler lists java.util.List\n");
    assertThat(tray).contains("\ntype map.Signals$Level enum java.lang.Enum map.Signals$Signal\n");
    assertThat(tray).contains("\ntype java.lang.Iterable interface\n");
  }

  @Test
  void theListenerIndexListsTheOneFileOfAllTheListeners() {
    assertThat(mapFile(console, "listeners.index")).isEqualTo("herald-map 1\nlisteners.map\n");
  }

  @Test
  void eachDispatcherCarriesItsListenersEntryAndNoListenerHasAFileOfItsOwn() {
    assertThat(console)
        .generatedSourceFile("map.Console_Dispatcher")
        .contentsAsUtf8String()
        .contains("\"listener map.Console\"");
    assertThat(
            console
                .generatedFile(StandardLocation.CLASS_OUTPUT, map("map.Console.listener"))
                .isPresent())
        .isFalse();
  }

  @Test
  void handlersOfASuperclassWithoutADispatcherAreMarkedWithTheClassThatDeclaresThem(
      @TempDir Path jar) {
    Compilation base =
        Compiler.javac()
            .compile(sources("good/lib/Base.java", "good/lib/Ping.java", "good/lib/Pong.java"));
    assertThat(base).succeededWithoutWarnings();
    Compilations.writeClassFiles(base, jar);

    Compilation sub =
        herald()
            .withClasspath(Compilations.classPathWith(jar))
            .compile(sources("good/app/Sub.java", "good/app/Local.java"));

    assertThat(sub).succeededWithoutWarnings();
    // one listener: the file is its entry, as the processor wrote it
    assertThat(mapFile(sub, GeneratedNames.LISTENERS_MAP))
        .isEqualTo(resource("expected/map/app.Sub.listener"));
  }

  @Test
  void aWireTypesFileRecordsItsIdKindFieldsSubtypesAndHierarchy() {
    assertThat(shapes).succeededWithoutWarnings();
    assertMapAsExpected(shapes, "shapes.Shape.wire");
    assertMapAsExpected(shapes, "shapes.Square.wire");
    assertMapAsExpected(shapes, "shapes.Fleet$Ship.wire");
    assertMapAsExpected(shapes, "shapes.Money.wire");
    assertMapAsExpected(shapes, "shapes.Color.wire");
    assertMapAsExpected(shapes, "shapes.Everything.wire");
  }

  @Test
  void theWireIndexListsTheFileOfEveryWireTypeWithACodec() {
    assertThat(mapFile(shapes, "wire.index"))
        .isEqualTo(
            String.join(
                "\n",
                "herald-map 1",
                "shapes.Circle.wire",
                "shapes.Color.wire",
                "shapes.Everything.wire",
                "shapes.Fleet$Ship.wire",
                "shapes.Money.wire",
                "shapes.Position.wire",
                "shapes.Shape.wire",
                "shapes.Square.wire",
                ""));
  }

  @Test
  void aCompilationWithoutListenersWritesNoListenerIndex() {
    assertThat(
            shapes.generatedFile(StandardLocation.CLASS_OUTPUT, map("listeners.index")).isPresent())
        .isFalse();
  }

  private static void assertMapAsExpected(Compilation compilation, String file) {
    assertThat(mapFile(compilation, file)).isEqualTo(resource("expected/map/" + file));
  }

  private static String withoutJavaUtilTypes(String map) {
    return map.replaceAll("(?m)^type java\\.util\\.[^\n]*\n", "");
  }

  private static String mapFile(Compilation compilation, String file) {
    assertThat(compilation).generatedFile(StandardLocation.CLASS_OUTPUT, map(file));
    try (InputStream in =
        compilation
            .generatedFile(StandardLocation.CLASS_OUTPUT, map(file))
            .orElseThrow()
            .openInputStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String map(String file) {
    return GeneratedNames.MAP_FOLDER + file;
  }

  private static String resource(String name) {
    try (InputStream in = MessageMapTest.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
