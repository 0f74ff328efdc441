package dev.herald.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample's message map in docs/ is the one its current build draws: the Mermaid, DOT and HTML
 * byte for byte, and the SVG rendered from the current DOT (it carries the DOT's hash, which
 * Graphviz copies from the graph's comment), so this check needs no Graphviz.
 */
class SampleMapTest {
  /** The sample's build output: the reactor builds it first (a test dependency of this module). */
  private static final Path SAMPLE_CLASSES = Path.of("../examples/sample/target/classes");

  private static final Path DOCS = Path.of("../docs");
  private static final String NAME = "sample-message-map";
  private static final String REGENERATE =
      "; regenerate the committed map with scripts/regenerate-sample-map.sh (needs Graphviz's dot)"
          + " and commit docs/"
          + NAME
          + ".*";

  @TempDir Path out;

  @Test
  void theCommittedMapIsTheOneTheSamplesBuildDraws() throws IOException {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        MessageMapTool.run(
            new String[] {
              "--out", out.toString(), "--name", NAME, "--no-svg", SAMPLE_CLASSES.toString()
            },
            new PrintStream(OutputStream.nullOutputStream()),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, status, err.toString(StandardCharsets.UTF_8));

    for (String extension : List.of(".mmd", ".dot", ".html")) {
      String drawn = Files.readString(out.resolve(NAME + extension), StandardCharsets.UTF_8);
      String committed = Files.readString(DOCS.resolve(NAME + extension), StandardCharsets.UTF_8);
      if (!drawn.equals(committed)) {
        throw new AssertionError(
            "docs/"
                + NAME
                + extension
                + " is not the sample's current map: "
                + firstDifference(committed, drawn)
                + REGENERATE);
      }
    }
    String dot = Files.readString(out.resolve(NAME + ".dot"), StandardCharsets.UTF_8);
    String svg = Files.readString(DOCS.resolve(NAME + ".svg"), StandardCharsets.UTF_8);
    assertTrue(
        svg.contains(DotWriter.HASH_PREFIX + DotWriter.hashOf(dot)),
        "docs/" + NAME + ".svg was not rendered from the sample's current DOT" + REGENERATE);
  }

  private static String firstDifference(String committed, String drawn) {
    String[] was = committed.split("\n", -1);
    String[] is = drawn.split("\n", -1);
    for (int i = 0; i < Math.min(was.length, is.length); i++) {
      if (!was[i].equals(is[i])) {
        return "line " + (i + 1) + " is '" + was[i] + "', drawn '" + is[i] + "'";
      }
    }
    return "committed " + was.length + " lines, drawn " + is.length;
  }
}
