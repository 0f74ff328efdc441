package dev.herald.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The message map tool on map files written by hand, as the processor writes them. */
class MessageMapToolTest {
  @TempDir Path dir;

  /** A listener of every message and of an interface, one of a class; a wire type. */
  private static final Map<String, String> SHAPES = new TreeMap<>();

  static {
    SHAPES.put("listeners.index", "herald-map 1\napp.Log.listener\napp.Painter.listener\n");
    SHAPES.put(
        "app.Log.listener",
        """
        herald-map 1
        listener app.Log
        handler everything java.lang.Object hidden
        handler shapes app.Shape priority=5 tags=ui,net%20io
        type app.Shape interface
        """);
    SHAPES.put(
        "app.Painter.listener",
        """
        herald-map 1
        listener app.Painter
        handler circle app.Circle async reply=app.Answer
        type app.Circle record java.lang.Record app.Shape
        type app.Shape interface
        type java.lang.Record class
        """);
    SHAPES.put("wire.index", "herald-map 1\napp.Circle.wire\n");
    SHAPES.put(
        "app.Circle.wire",
        """
        herald-map 1
        wire app.Circle 7 record
        field radius int
        type app.Circle record java.lang.Record app.Shape
        type app.Shape interface
        type java.lang.Record class
        """);
    // the file of a listener a partial build deleted: no index lists it
    SHAPES.put(
        "app.Gone.listener",
        "herald-map 1\nlistener app.Gone\nhandler gone app.Circle\ntype app.Circle record\n");
  }

  /** Adds a square that only the interface's and Object's handlers reach. */
  private static Map<String, String> shapesWithSquare() {
    Map<String, String> files = new TreeMap<>(SHAPES);
    files.put("wire.index", "herald-map 1\napp.Circle.wire\napp.Square.wire\n");
    files.put(
        "app.Square.wire",
        """
        herald-map 1
        wire app.Square 8 final-class derived-id
        type app.Square class app.Shape
        type app.Shape interface
        """);
    return files;
  }

  @Test
  void aHandlerOfObjectOrOfAnInterfaceIsDrawnOnceOnThatTypeNotOnEachSubtype() throws IOException {
    Path out = runOk(folder("classes", shapesWithSquare()));

    String mermaid = read(out, "message-map.mmd");
    assertEquals(1, count(mermaid, "|\"everything hidden\"|"), mermaid);
    assertEquals(1, count(mermaid, "|\"shapes priority=5 tags=ui,net io\"|"), mermaid);
    // ids by sorted name: app.Circle t1, app.Shape t2, app.Square t3, java.lang.Object t4
    assertTrue(mermaid.contains("  t4[\"Object<br/>every message\"]:::message\n"), mermaid);
    assertTrue(mermaid.contains("  t4 -->|\"everything hidden\"| l1\n"), mermaid);
    assertTrue(mermaid.contains("  t2 -->|\"shapes priority=5 tags=ui,net io\"| l1\n"), mermaid);
    assertTrue(mermaid.contains("  t1 -->|\"circle async reply=Answer\"| l2\n"), mermaid);
    // the hierarchy: both shapes are Shapes; java.lang.Record is left out
    assertTrue(mermaid.contains("  t1 -.-> t2\n"), mermaid);
    assertTrue(mermaid.contains("  t3 -.-> t2\n"), mermaid);
    assertFalse(mermaid.contains("Record\""), mermaid);
    assertFalse(mermaid.contains("t3 -->"), mermaid);

    String dot = read(out, "message-map.dot");
    assertEquals(1, count(dot, "[label=\"everything hidden\"]"), dot);
    assertEquals(1, count(dot, "[label=\"shapes priority=5 tags=ui,net io\"]"), dot);
    assertTrue(dot.contains("  t3 -> t2 [style=dashed, arrowhead=empty];\n"), dot);

    // the table lists, for the square, the handlers it reaches through its supertypes
    String html = read(out, "message-map.html");
    String square = rowOf(html, "app.Square");
    assertTrue(square.contains("Log.shapes</code>"), square);
    assertTrue(square.contains("via <code>Shape</code>"), square);
    assertTrue(square.contains("Log.everything</code>"), square);
    assertTrue(square.contains("via <code>Object</code>"), square);
    assertFalse(square.contains("Painter.circle"), square);
  }

  @Test
  void theTypesThatCrossTheProcessAreMarkedWithTheirWireId() throws IOException {
    Path out = runOk(folder("classes", shapesWithSquare()));

    String mermaid = read(out, "message-map.mmd");
    assertTrue(mermaid.contains("  t1[\"Circle<br/>record, wire id 7\"]:::wire\n"), mermaid);
    assertTrue(mermaid.contains("  t3[\"Square<br/>class, wire id 8\"]:::wire\n"), mermaid);
    assertTrue(mermaid.contains("  t2[\"Shape<br/>interface\"]:::message\n"), mermaid);
    String dot = read(out, "message-map.dot");
    assertTrue(
        dot.contains("t1 [shape=box, label=\"Circle\\nrecord, wire id 7\", fillcolor=\"#e6f4ea\""),
        dot);
    assertTrue(
        dot.contains("t2 [shape=box, label=\"Shape\\ninterface\", fillcolor=\"#fff8e1\""), dot);
    String html = read(out, "message-map.html");
    assertTrue(rowOf(html, "app.Circle").contains("wire id 7</span>"), html);
    assertTrue(rowOf(html, "app.Square").contains("wire id 8</span> (derived)"), html);
    assertFalse(rowOf(html, "app.Shape").contains("wire id"), html);
  }

  @Test
  void aFileNoIndexListsIsLeftOut() throws IOException {
    Path out = runOk(folder("classes", SHAPES));

    assertFalse(read(out, "message-map.mmd").contains("Gone"));
    assertFalse(read(out, "message-map.html").contains("Gone"));
  }

  @Test
  void allTheListenersInOneFileAsTheProcessorWritesThemDrawTheSamePictureAsAFileEach()
      throws IOException {
    Map<String, String> oneFile = new TreeMap<>(SHAPES);
    oneFile.remove("app.Log.listener");
    oneFile.remove("app.Painter.listener");
    oneFile.put("listeners.index", "herald-map 1\nlisteners.map\n");
    oneFile.put(
        "listeners.map",
        """
        herald-map 1
        listener app.Log
        handler everything java.lang.Object hidden
        handler shapes app.Shape priority=5 tags=ui,net%20io
        listener app.Painter
        handler circle app.Circle async reply=app.Answer
        type app.Circle record java.lang.Record app.Shape
        type app.Shape interface
        type java.lang.Record class
        """);
    // the processor orders the listeners by their dispatchers' names, not their own
    Map<String, String> otherOrder = new TreeMap<>(oneFile);
    otherOrder.put(
        "listeners.map",
        """
        herald-map 1
        listener app.Painter
        handler circle app.Circle async reply=app.Answer
        listener app.Log
        handler everything java.lang.Object hidden
        handler shapes app.Shape priority=5 tags=ui,net%20io
        type app.Circle record java.lang.Record app.Shape
        type app.Shape interface
        type java.lang.Record class
        """);
    Path fromFiles = runOk(folder("classes", SHAPES));
    Path fromOneFile = runOk(folder("one", oneFile));
    Path fromOtherOrder = runOk(folder("other", otherOrder));

    for (String file : List.of("message-map.mmd", "message-map.dot", "message-map.html")) {
      assertEquals(read(fromFiles, file), read(fromOneFile, file), file);
      assertEquals(read(fromFiles, file), read(fromOtherOrder, file), file);
    }
  }

  @Test
  void aJarAndAFolderWithTheSameMapDrawTheSamePicture() throws IOException {
    Path fromFolder = runOk(folder("classes", SHAPES));
    Path fromJar = runOk(jar("app.jar", SHAPES));

    for (String file : List.of("message-map.mmd", "message-map.dot", "message-map.html")) {
      assertEquals(read(fromFolder, file), read(fromJar, file), file);
    }
  }

  @Test
  void theMapsOfSeveralInputsAreMerged() throws IOException {
    Map<String, String> listeners = new TreeMap<>(SHAPES);
    listeners.remove("wire.index");
    listeners.remove("app.Circle.wire");
    Map<String, String> wire = new TreeMap<>();
    wire.put("wire.index", SHAPES.get("wire.index"));
    wire.put("app.Circle.wire", SHAPES.get("app.Circle.wire"));

    Path merged = runOk(folder("classes", listeners), jar("codecs.jar", wire));
    Path together = runOk(folder("all", SHAPES));

    for (String file : List.of("message-map.mmd", "message-map.dot", "message-map.html")) {
      assertEquals(read(together, file), read(merged, file), file);
    }
  }

  @Test
  void theOutputIsTheSameOnEveryRunAndNamesNoPathOfThisMachine() throws IOException {
    Path input = folder("classes", shapesWithSquare());
    Path first = runOk(input);
    Path second = runOk(input);

    for (String file : List.of("message-map.mmd", "message-map.dot", "message-map.html")) {
      assertEquals(read(first, file), read(second, file), file);
      assertFalse(read(first, file).contains(dir.toString()), file);
    }
  }

  @Test
  void theDotCarriesTheHashOfItsOwnTextForTheSvgThatGraphvizRendersFromIt() throws IOException {
    String dot = read(runOk(folder("classes", SHAPES)), "message-map.dot");

    assertTrue(dot.startsWith("digraph message_map {\n  comment=\"map sha256 "), dot);
    assertTrue(dot.contains(DotWriter.HASH_PREFIX + DotWriter.hashOf(dot) + "\""), dot);
    assertFalse(
        DotWriter.hashOf(dot).equals(DotWriter.hashOf(dot.replace("circle", "disc"))),
        "the hash covers the graph");
  }

  @Test
  void nameChoosesTheFilesNames() throws IOException {
    Path out = dir.resolve("named");
    assertEquals(
        0,
        run(
            "--out",
            out.toString(),
            "--name",
            "sample-map",
            "--no-svg",
            folder("c", SHAPES).toString()));
    assertTrue(Files.isRegularFile(out.resolve("sample-map.mmd")));
    assertTrue(Files.isRegularFile(out.resolve("sample-map.dot")));
    assertTrue(Files.isRegularFile(out.resolve("sample-map.html")));
  }

  @Test
  void aBadCommandLineIsAUsageErrorSayingWhatIsWrong() {
    assertUsageError("no input", "--out", dir.toString());
    assertUsageError("--out <dir> is missing", dir.toString());
    assertUsageError("--out needs a value", "--out");
    assertUsageError("unknown option --svg", "--svg", "--out", dir.toString(), dir.toString());
    assertUsageError(
        "no jar or directory " + dir.resolve("missing.jar"),
        "--out",
        dir.toString(),
        dir.resolve("missing.jar").toString());
    assertUsageError("--name takes a file name", "--out", "x", "--name", "a/b", dir.toString());
  }

  @Test
  void anInputWithoutAMapIsNotedAndNoneAtAllIsAnError() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status =
        MessageMapTool.run(
            args("--out", dir.resolve("out").toString(), empty.toString()),
            new PrintStream(OutputStream.nullOutputStream()),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertEquals(1, status);
    String message = err.toString(StandardCharsets.UTF_8);
    assertTrue(message.contains(empty + " has no message map"), message);
    assertTrue(message.contains("none of the inputs has a message map"), message);
  }

  @Test
  void aMapOfAnotherFormatVersionIsRefusedSayingWhichFile() throws IOException {
    Map<String, String> files = new TreeMap<>(SHAPES);
    files.put("app.Log.listener", "herald-map 2\nlistener app.Log\n");
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status =
        MessageMapTool.run(
            args(
                "--out",
                dir.resolve("out").toString(),
                "--no-svg",
                folder("classes", files).toString()),
            new PrintStream(OutputStream.nullOutputStream()),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertEquals(1, status);
    String message = err.toString(StandardCharsets.UTF_8);
    assertTrue(
        message.contains("app.Log.listener starts with 'herald-map 2', not 'herald-map 1'"),
        message);
  }

  private void assertUsageError(String expected, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        MessageMapTool.run(
            args,
            new PrintStream(OutputStream.nullOutputStream()),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    String message = err.toString(StandardCharsets.UTF_8);
    assertEquals(2, status, message);
    assertTrue(message.contains("error: " + expected), message);
    assertTrue(
        message.contains(
            "usage: java -cp herald-tools.jar dev.herald.tools.MessageMapTool --out <dir>"),
        message);
  }

  private Path runOk(Path... inputs) throws IOException {
    Path out = Files.createTempDirectory(dir, "out");
    List<String> args = new ArrayList<>(List.of("--out", out.toString(), "--no-svg"));
    for (Path input : inputs) {
      args.add(input.toString());
    }
    assertEquals(0, run(args.toArray(new String[0])));
    return out;
  }

  private static int run(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        MessageMapTool.run(
            args,
            new PrintStream(OutputStream.nullOutputStream()),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
    return status;
  }

  private static String[] args(String... args) {
    return args;
  }

  private Path folder(String name, Map<String, String> files) throws IOException {
    Path folder = dir.resolve(name);
    Path mapFolder = Files.createDirectories(folder.resolve("META-INF/herald/map"));
    for (Map.Entry<String, String> file : files.entrySet()) {
      Files.writeString(mapFolder.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
    }
    Files.writeString(
        Files.createDirectories(folder.resolve("app")).resolve("Log.class"), "not read");
    return folder;
  }

  private Path jar(String name, Map<String, String> files) throws IOException {
    Path jar = dir.resolve(name);
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
      for (Map.Entry<String, String> file : files.entrySet()) {
        out.putNextEntry(new ZipEntry("META-INF/herald/map/" + file.getKey()));
        out.write(file.getValue().getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
    }
    return jar;
  }

  private static String read(Path folder, String file) throws IOException {
    return Files.readString(folder.resolve(file), StandardCharsets.UTF_8);
  }

  private static String rowOf(String html, String type) {
    int start = html.indexOf("<tr><td><code>" + type + "</code>");
    assertTrue(start >= 0, type + " has no row in\n" + html);
    return html.substring(start, html.indexOf("</tr>", start));
  }

  private static int count(String text, String part) {
    int count = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      count++;
    }
    return count;
  }
}
