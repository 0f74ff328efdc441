package dev.herald.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;

/** The compiler with the codec processors, and the test sources under {@code wire/}. */
final class WireCompilations {

  /** The options the project builds with, so that generated code is held to the same lint. */
  static final List<String> OPTIONS = List.of("-Xlint:all,-processing", "-XDstringConcat=inline");

  /** Every sample wire type of the golden tests. */
  static final String[] SHAPES = {
    "wire/good/shapes/Position.java", "wire/good/shapes/Fleet.java", "wire/good/shapes/Color.java",
    "wire/good/shapes/Shape.java", "wire/good/shapes/Circle.java", "wire/good/shapes/Square.java",
    "wire/good/shapes/Money.java", "wire/good/shapes/Everything.java",
  };

  /**
   * javac with the codec processors and the index processor (which claims {@code @Generated}, as it
   * does in a real build where all of Herald's processors run).
   */
  static Compiler wire(String... extra) {
    List<String> options = new ArrayList<>(OPTIONS);
    options.addAll(Arrays.asList(extra));
    return Compiler.javac().withProcessors(processors()).withOptions(options);
  }

  static List<Processor> processors() {
    return List.of(new IndexProcessor(), new CodecIndexProcessor(), new WireProcessor());
  }

  static JavaFileObject[] sources(String... resources) {
    return Arrays.stream(resources)
        .map(JavaFileObjects::forResource)
        .toArray(JavaFileObject[]::new);
  }

  /** Asserts that {@code compilation} wrote {@code qualifiedName} as its golden file says. */
  static void assertGeneratedAsExpected(Compilation compilation, String qualifiedName) {
    String simpleName = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
    assertThat(compilation)
        .generatedSourceFile(qualifiedName)
        .hasSourceEquivalentTo(
            JavaFileObjects.forResource("wire/expected/" + simpleName + ".java"));
  }

  private WireCompilations() {}
}
