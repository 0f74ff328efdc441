package dev.herald.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files the tool writes grow in step with the map: a handler of an interface that every message
 * implements is written once, not once per message.
 */
class LargeMapTest {
  /** Generous for one listener, its own message type and two handlers, in any of the files. */
  private static final long BYTES_PER_LISTENER = 1_000;

  @TempDir Path dir;

  @Test
  void theFilesGrowLinearlyWithListenersThatAllHandleOneSharedInterface() throws IOException {
    Map<String, Long> small = sizes(1_000);
    for (Map.Entry<String, Long> file : small.entrySet()) {
      assertTrue(
          file.getValue() < 1_000 * BYTES_PER_LISTENER,
          file.getKey() + " of 1,000 listeners has " + file.getValue() + " bytes");
    }
    Map<String, Long> large = sizes(10_000);
    for (Map.Entry<String, Long> file : large.entrySet()) {
      assertTrue(
          file.getValue() < 10_000 * BYTES_PER_LISTENER,
          file.getKey() + " of 10,000 listeners has " + file.getValue() + " bytes");
      double ratio = (double) file.getValue() / small.get(file.getKey());
      assertTrue(ratio > 8 && ratio < 12, file.getKey() + ": ten times the listeners, " + ratio);
    }
  }

  @Test
  void aRowListsTheSharedInterfacesHandlersOnceAndTheOthersLinkToIt() throws IOException {
    Path out = draw(50);
    String html = Files.readString(out.resolve("message-map.html"));

    String shared = rowOf(html, "app.Shared");
    for (int i = 0; i < 50; i++) {
      assertTrue(shared.contains("<code>L" + i + ".onShared</code>"), shared);
    }
    String own = rowOf(html, "app.M7");
    assertTrue(own.contains("<code>L7.onOwn</code>"), own);
    assertTrue(own.contains("<a href=\"#" + idOf(html, "app.Shared") + "\">50 handlers</a>"), own);
    assertTrue(own.contains("via <code>Shared</code>"), own);
    assertEquals(-1, own.indexOf(".onShared"), own);
  }

  @Test
  void aDeepHierarchyDoesNotRepeatEachTypesHandlersInTheRowsOfAllItsSubtypes() throws IOException {
    Map<String, String> files = new TreeMap<>();
    StringBuilder index = new StringBuilder(MapReader.FORMAT).append('\n');
    int depth = 2_000;
    for (int i = 0; i < depth; i++) {
      index.append("app.L").append(i).append(".listener\n");
      files.put(
          "app.L" + i + ".listener",
          MapReader.FORMAT
              + "\nlistener app.L"
              + i
              + "\nhandler on app.M"
              + i
              + "\ntype app.M"
              + i
              + " class"
              + (i == 0 ? "" : " app.M" + (i - 1))
              + "\n");
    }
    files.put("listeners.index", index.toString());
    Path jar = MapFiles.jar(dir.resolve("chain.jar"), files);
    Path out = dir.resolve("chain");
    MapFiles.Run run = MapFiles.run("--out", out.toString(), "--no-svg", jar.toString());
    assertEquals(0, run.status(), run.err());

    String html = Files.readString(out.resolve("message-map.html"));
    assertTrue(html.length() < depth * BYTES_PER_LISTENER, "" + html.length());
    String deepest = rowOf(html, "app.M" + (depth - 1));
    assertTrue(deepest.contains("and 1996 handlers of 1996 more supertypes"), deepest);
  }

  private Map<String, Long> sizes(int listeners) throws IOException {
    Path out = draw(listeners);
    Map<String, Long> sizes = new TreeMap<>();
    for (String file : List.of("message-map.html", "message-map.mmd", "message-map.dot")) {
      sizes.put(file, Files.size(out.resolve(file)));
    }
    return sizes;
  }

  /** Draws {@code count} listeners, each with a message of its own that is also a Shared. */
  private Path draw(int count) throws IOException {
    Map<String, String> files = new TreeMap<>();
    StringBuilder index = new StringBuilder(MapReader.FORMAT).append('\n');
    for (int i = 0; i < count; i++) {
      index.append("app.L").append(i).append(".listener\n");
      files.put(
          "app.L" + i + ".listener",
          MapReader.FORMAT
              + "\nlistener app.L"
              + i
              + "\nhandler onOwn app.M"
              + i
              + "\nhandler onShared app.Shared\ntype app.M"
              + i
              + " record java.lang.Record app.Shared\ntype app.Shared interface\n"
              + "type java.lang.Record class\n");
    }
    files.put("listeners.index", index.toString());
    Path jar = MapFiles.jar(dir.resolve("app" + count + ".jar"), files);
    Path out = dir.resolve("out" + count);
    MapFiles.Run run = MapFiles.run("--out", out.toString(), "--no-svg", jar.toString());
    assertEquals(0, run.status(), run.err());
    return out;
  }

  private static String rowOf(String html, String type) {
    int start = html.indexOf("<td><code>" + type + "</code>");
    assertTrue(start >= 0, type + " has no row");
    return html.substring(html.lastIndexOf("<tr", start), html.indexOf("</tr>", start));
  }

  private static String idOf(String html, String type) {
    String row = rowOf(html, type);
    assertTrue(row.startsWith("<tr id=\""), row);
    return row.substring("<tr id=\"".length(), row.indexOf('"', "<tr id=\"".length()));
  }
}
