package dev.herald.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tool reads is bounded in all, not only per file: an index may name one file many times,
 * or a jar hold many files that each inflate to nearly the bound, and every read costs time and
 * memory.
 */
class HugeInputTest {
  /** A third of the bound, in one line of a keyword the reader skips: cheap to read. */
  private static final String THIRD =
      "herald-map 1\nlistener app.Log\nhandler log app.Event\nfiller "
          + "z".repeat(MapReader.MOST_BYTES / 3)
          + "\n";

  @TempDir Path dir;

  @Test
  void anIndexNamingOneFileOverAndOverIsRefusedOnceTheFilesReadPassTheBound() throws IOException {
    Map<String, String> files = new TreeMap<>();
    files.put(
        "listeners.index",
        "herald-map 1\n" + "app.Log.listener\n".repeat(4) + "app.Other.listener\n");
    files.put("app.Log.listener", THIRD);

    assertRefused(MapFiles.jar(dir.resolve("app.jar"), files), "app.Log.listener");
  }

  @Test
  void inputsWhoseFilesTogetherPassTheBoundAreRefused() throws IOException {
    Path first = MapFiles.jar(dir.resolve("first.jar"), withListener("app.A"));
    Path second = MapFiles.jar(dir.resolve("second.jar"), withListener("app.B"));
    Path third = MapFiles.folder(dir.resolve("classes"), withListener("app.C"));

    assertRefused(first, second, third, "app.C.listener");
  }

  private static Map<String, String> withListener(String listener) {
    Map<String, String> files = new TreeMap<>();
    files.put("listeners.index", "herald-map 1\n" + listener + ".listener\n");
    files.put(listener + ".listener", THIRD.replace("app.Log", listener));
    return files;
  }

  private void assertRefused(Object... inputsThenFile) {
    String[] args = new String[inputsThenFile.length + 2];
    args[0] = "--out";
    args[1] = dir.resolve("out").toString();
    args[2] = "--no-svg";
    for (int i = 0; i < inputsThenFile.length - 1; i++) {
      args[3 + i] = inputsThenFile[i].toString();
    }
    MapFiles.Run run = MapFiles.run(args);

    assertEquals(1, run.status(), run.err());
    assertTrue(
        run.err().contains(inputsThenFile[inputsThenFile.length - 1] + " makes the map files read"),
        run.err());
    assertTrue(run.err().contains("larger than 64 MiB"), run.err());
  }
}
