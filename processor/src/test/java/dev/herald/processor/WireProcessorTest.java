package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.WireCompilations.SHAPES;
import static dev.herald.processor.WireCompilations.assertGeneratedAsExpected;
import static dev.herald.processor.WireCompilations.sources;
import static dev.herald.processor.WireCompilations.wire;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Golden-file tests: the codecs the processor writes for valid wire types. */
class WireProcessorTest {

  private static Compilation shapes;

  @BeforeAll
  static void compileShapes() {
    shapes = wire().compile(sources(SHAPES));
  }

  @Test
  void compilesUnderTheProjectsLintWithoutAWarning() {
    assertThat(shapes).succeededWithoutWarnings();
  }

  @Test
  void record() {
    assertGeneratedAsExpected(shapes, "shapes.Position_Codec");
  }

  @Test
  void recordNestedInAClassThatHoldsAnotherRecord() {
    assertGeneratedAsExpected(shapes, "shapes.Fleet_Ship_Codec");
  }

  @Test
  void enumAsAFieldIsItsOrdinalAlone() {
    assertGeneratedAsExpected(shapes, "shapes.Color_Codec");
  }

  @Test
  void sealedInterfaceWritesTheSubtypesIdThenTheSubtype() {
    assertGeneratedAsExpected(shapes, "shapes.Shape_Codec");
  }

  @Test
  void recordWithEveryKindOfField() {
    assertGeneratedAsExpected(shapes, "shapes.Everything_Codec");
  }

  @Test
  void finalClassReadThroughAccessorsGettersAndFields() {
    assertGeneratedAsExpected(shapes, "shapes.Money_Codec");
  }

  @Test
  void derivedIdIsShownWithHowToKeepIt() {
    assertGeneratedAsExpected(shapes, "shapes.Square_Codec");
  }

  @Test
  void everyCodecIsRegisteredForServiceLoaderInOrder() throws IOException {
    String services =
        shapes
            .generatedFile(StandardLocation.CLASS_OUTPUT, GeneratedNames.CODEC_SERVICE_FILE)
            .orElseThrow()
            .getCharContent(true)
            .toString();

    assertThat(services)
        .isEqualTo(
            String.join(
                    "\n",
                    "shapes.Circle_Codec",
                    "shapes.Color_Codec",
                    "shapes.Everything_Codec",
                    "shapes.Fleet_Ship_Codec",
                    "shapes.Money_Codec",
                    "shapes.Position_Codec",
                    "shapes.Shape_Codec",
                    "shapes.Square_Codec")
                + "\n");
  }

  /** The function documented on {@code @Wire}: FNV-1a's published vectors, then the reduction. */
  @Test
  void derivedIdIsTheDocumentedFunction() {
    // FNV-1a 32 of "" is its offset basis 0x811c9dc5, of "a" 0xe40c292c
    assertThat(GeneratedNames.derivedId(""))
        .isEqualTo(0x100_0000 + (int) (0x811c9dc5L % 0x7F00_0000L));
    assertThat(GeneratedNames.derivedId("a"))
        .isEqualTo(0x100_0000 + (int) (0xe40c292cL % 0x7F00_0000L));
    assertThat(GeneratedNames.derivedId("shapes.Square")).isEqualTo(66_563_452);
    assertThat(GeneratedNames.derivedId("dev.herald.sample.UnderAttack")).isEqualTo(1_784_178_556);
  }

  @Test
  void enumsAndFinalClassesCompileAtRelease11() {
    Compilation compilation =
        Compiler.javac()
            .withProcessors(WireCompilations.processors())
            .withOptions("--release", "11", "-Xlint:all,-options,-processing")
            .compile(sources("wire/good/release11/Level.java", "wire/good/release11/Score.java"));

    assertThat(compilation).succeeded();
    assertThat(compilation).generatedSourceFile("release11.Score_Codec");
    assertThat(compilation).generatedSourceFile("release11.Level_Codec");
  }
}
