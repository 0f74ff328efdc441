package dev.herald.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that describe one entry differently are reported, naming the entry and both inputs, and
 * what the tool does never depends on the order of its inputs; the same description twice is no
 * disagreement.
 */
class ConflictingInputsTest {
  @TempDir Path dir;

  private static Map<String, String> listener(String handlers) {
    Map<String, String> files = new TreeMap<>();
    files.put("listeners.index", "herald-map 1\napp.Log.listener\n");
    files.put(
        "app.Log.listener",
        "herald-map 1\nlistener app.Log\n" + handlers + "type app.Event class\n");
    return files;
  }

  private static Map<String, String> wire(String type, int id) {
    Map<String, String> files = new TreeMap<>();
    files.put("wire.index", "herald-map 1\n" + type + ".wire\n");
    files.put(
        type + ".wire",
        "herald-map 1\nwire " + type + " " + id + " record\ntype " + type + " record\n");
    return files;
  }

  @Test
  void aListenerWithOtherHandlersInAnotherInputIsAnErrorWhateverTheOrder() throws IOException {
    Path old = MapFiles.folder(dir.resolve("old"), listener("handler log app.Event\n"));
    Path current =
        MapFiles.jar(
            dir.resolve("current.jar"),
            listener("handler log app.Event\nhandler audit app.Event priority=5\n"));

    MapFiles.Run run = assertRefusedBothWays(old, current);

    assertTrue(run.err().contains("error: listener app.Log has different handlers"), run.err());
    assertTrue(run.err().contains(old + "/" + MapReader.FOLDER + "app.Log.listener"), run.err());
    assertTrue(
        run.err().contains(current + "!/" + MapReader.FOLDER + "app.Log.listener"), run.err());
  }

  @Test
  void twoWireTypesWithOneIdAreAnErrorNamingBoth() throws IOException {
    Path circles = MapFiles.jar(dir.resolve("circles.jar"), wire("app.Circle", 7));
    Path squares = MapFiles.jar(dir.resolve("squares.jar"), wire("app.Square", 7));

    MapFiles.Run run = assertRefusedBothWays(circles, squares);

    assertTrue(run.err().contains("error: wire id 7 is taken by more than one type"), run.err());
    assertTrue(run.err().contains("'app.Circle' in " + circles + "!/"), run.err());
    assertTrue(run.err().contains("'app.Square' in " + squares + "!/"), run.err());
  }

  @Test
  void oneWireTypeWithTwoIdsIsAnError() throws IOException {
    Path seven = MapFiles.jar(dir.resolve("seven.jar"), wire("app.Circle", 7));
    Path eight = MapFiles.jar(dir.resolve("eight.jar"), wire("app.Circle", 8));

    MapFiles.Run run = assertRefusedBothWays(seven, eight);

    assertTrue(run.err().contains("error: wire type app.Circle is described differently"));
    assertTrue(run.err().contains("'7 record' in " + seven), run.err());
    assertTrue(run.err().contains("'8 record' in " + eight), run.err());
  }

  @Test
  void theSameMapTwiceIsNoDisagreement() throws IOException {
    Map<String, String> files = listener("handler log app.Event\n");
    files.putAll(wire("app.Circle", 7));
    Path folder = MapFiles.folder(dir.resolve("classes"), files);
    Path jar = MapFiles.jar(dir.resolve("app.jar"), files);

    MapFiles.Run run = draw(dir.resolve("out"), folder, jar);

    assertEquals(0, run.status(), run.err());
    assertEquals("", run.err());
  }

  @Test
  void aTypeDescribedTwoWaysIsAWarningAndDrawnTheSameWhateverTheOrder() throws IOException {
    Map<String, String> asClass = listener("handler log app.Event\n");
    Map<String, String> asRecord = new TreeMap<>();
    asRecord.put("listeners.index", "herald-map 1\napp.Audit.listener\n");
    asRecord.put(
        "app.Audit.listener",
        "herald-map 1\nlistener app.Audit\nhandler audit app.Event\n"
            + "type app.Event record java.lang.Record app.Base\ntype app.Base interface\n");
    Path first = MapFiles.jar(dir.resolve("first.jar"), asClass);
    Path second = MapFiles.jar(dir.resolve("second.jar"), asRecord);

    MapFiles.Run forth = draw(dir.resolve("forth"), first, second);
    MapFiles.Run back = draw(dir.resolve("back"), second, first);

    assertEquals(0, forth.status(), forth.err());
    assertEquals(forth.err(), back.err());
    assertTrue(
        forth.err().contains("warning: type app.Event is described differently"), forth.err());
    assertTrue(forth.err().contains("'class' in " + first + "!/"), forth.err());
    assertTrue(
        forth.err().contains("'record java.lang.Record app.Base' in " + second + "!/"),
        forth.err());
    for (String file : List.of("message-map.mmd", "message-map.dot", "message-map.html")) {
      assertEquals(read(dir.resolve("forth"), file), read(dir.resolve("back"), file), file);
    }
  }

  private MapFiles.Run assertRefusedBothWays(Path one, Path other) {
    MapFiles.Run forth = draw(dir.resolve("forth"), one, other);
    MapFiles.Run back = draw(dir.resolve("back"), other, one);
    assertEquals(1, forth.status(), forth.err());
    assertEquals(forth.err(), back.err());
    assertTrue(forth.err().contains("nothing written"), forth.err());
    assertFalse(Files.exists(dir.resolve("forth")), "nothing written");
    return forth;
  }

  private static MapFiles.Run draw(Path out, Path... inputs) {
    String[] args = new String[inputs.length + 3];
    args[0] = "--out";
    args[1] = out.toString();
    args[2] = "--no-svg";
    for (int i = 0; i < inputs.length; i++) {
      args[i + 3] = inputs[i].toString();
    }
    return MapFiles.run(args);
  }

  private static String read(Path folder, String file) throws IOException {
    return Files.readString(folder.resolve(file), StandardCharsets.UTF_8);
  }
}
