package dev.herald.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index names files beside it and nothing else: the tool refuses every other entry, and every
 * file whose real path leads out of the class folder, naming the entry and never quoting the file.
 */
class UnsafeIndexTest {
  private static final String SECRET = "password=hunter2";
  private static final String LISTENER =
      "herald-map 1\nlistener app.Log\nhandler log app.Event\ntype app.Event class\n";

  @TempDir Path dir;

  @Test
  void anEntryWithDotDotIsRefusedAndTheFileItNamesIsNeverQuoted() throws IOException {
    secret();
    Path classes = classes("herald-map 1\napp.Log.listener\n../../../../secret.txt\n");

    assertRefused(classes, "'../../../../secret.txt'");
  }

  @Test
  void anAbsoluteEntryIsRefused() throws IOException {
    Path secret = secret();
    Path classes = classes("herald-map 1\n" + secret + "\n");

    assertRefused(classes, "'" + secret + "'");
  }

  @Test
  void entriesThatAreNoFileNameAreRefusedPrintably() throws IOException {
    for (String entry :
        new String[] {"app.Log.listener extra", "sub/app.Log.listener", "..", "a\\b", "C:x"}) {
      assertRefused(classes("herald-map 1\n" + entry + "\n"), "'" + entry + "'");
    }
    MapFiles.Run run = draw(classes("herald-map 1\napp.\u0000Log\u001b[2J.listener\n"));
    assertEquals(1, run.status(), run.err());
    assertTrue(run.err().contains("'app.\\u0000Log\\u001b[2J.listener'"), run.err());
  }

  @Test
  void aMapFileThatLinksOutOfTheFolderIsRefused() throws IOException {
    Path secret = secret();
    Path classes = classes("herald-map 1\napp.Log.listener\napp.Evil.listener\n");
    Files.createSymbolicLink(classes.resolve(MapReader.FOLDER + "app.Evil.listener"), secret);

    MapFiles.Run run = assertRefused(classes, "app.Evil.listener");
    assertTrue(run.err().contains("leads out of " + classes), run.err());
  }

  @Test
  void anIndexThatLinksOutOfTheFolderIsRefused() throws IOException {
    Path secret = secret();
    Path classes = classes("herald-map 1\napp.Log.listener\n");
    Path index = classes.resolve(MapReader.FOLDER + "listeners.index");
    Files.delete(index);
    Files.createSymbolicLink(index, secret);

    MapFiles.Run run = assertRefused(classes, "listeners.index");
    assertTrue(run.err().contains("leads out of " + classes), run.err());
  }

  @Test
  void aLinkThatStaysInTheFolderIsRead() throws IOException {
    Path classes = classes("herald-map 1\napp.Log.listener\napp.Copy.listener\n");
    Path copy = classes.resolve("elsewhere-in-the-folder.txt");
    Files.writeString(copy, LISTENER.replace("app.Log", "app.Copy"), StandardCharsets.UTF_8);
    Files.createSymbolicLink(classes.resolve(MapReader.FOLDER + "app.Copy.listener"), copy);

    MapFiles.Run run = draw(classes);

    assertEquals(0, run.status(), run.err());
  }

  @Test
  void aFileThatIsNoMapFileIsNotQuoted() throws IOException {
    Path classes = classes("herald-map 1\napp.Log.listener\napp.Notes.listener\n");
    Files.writeString(classes.resolve(MapReader.FOLDER + "app.Notes.listener"), SECRET + "\n");

    MapFiles.Run run = draw(classes);

    assertEquals(1, run.status(), run.err());
    assertTrue(run.err().contains("app.Notes.listener does not start with 'herald-map 1'"));
    assertFalse(run.err().contains("hunter2"), run.err());
  }

  @Test
  void aJarsEntryWithDotDotIsRefusedToo() throws IOException {
    Map<String, String> files = new TreeMap<>();
    files.put("listeners.index", "herald-map 1\n../../secret.txt\n");
    Path jar = MapFiles.jar(dir.resolve("app.jar"), files);

    assertRefused(jar, "'../../secret.txt'");
  }

  private Path secret() throws IOException {
    Path secret = dir.resolve("secret.txt");
    Files.writeString(secret, SECRET + "\nmore\n", StandardCharsets.UTF_8);
    return secret;
  }

  private Path classes(String index) throws IOException {
    Path classes = dir.resolve("project/target/classes" + System.nanoTime());
    Map<String, String> files = new TreeMap<>();
    files.put("listeners.index", index);
    files.put("app.Log.listener", LISTENER);
    return MapFiles.folder(classes, files);
  }

  private MapFiles.Run draw(Path input) {
    return MapFiles.run(
        "--out", dir.resolve("out" + System.nanoTime()).toString(), "--no-svg", input.toString());
  }

  private MapFiles.Run assertRefused(Path input, String entry) {
    MapFiles.Run run = draw(input);
    assertEquals(1, run.status(), run.err());
    assertTrue(run.err().contains(entry), run.err());
    assertTrue(run.err().contains("refused"), run.err());
    assertFalse(run.err().contains("hunter2"), run.err());
    assertFalse(run.out().contains("hunter2"), run.out());
    return run;
  }
}
