package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A UDP node loads no flight recorder event class of its own, and so none of the recorder's
 * machinery, unless a recording has started: checked in fresh JVMs that log every class they load,
 * one without a recording and one with (which must load them, or the check proves nothing).
 */
class NoRecordingLoadsNoEventClassTest {

  private static final Pattern CLASS_LOAD = Pattern.compile("\\[class,load *\\] (\\S+)");

  /** The classes a JVM loaded while {@link EventClassProbe} ran, and what it printed. */
  private static List<String> runProbe(String... jvmOptions)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xlog:class+load=info");
    command.addAll(List.of(jvmOptions));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(EventClassProbe.class.getName());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output;
    try (InputStream in = process.getInputStream()) {
      output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the probe finished");
    List<String> lines = output.lines().toList();
    String printed =
        String.join("\n", lines.stream().filter(l -> !CLASS_LOAD.matcher(l).find()).toList());
    assertEquals(0, process.exitValue(), printed);
    // the broken packet counts as an unreadable message too
    assertTrue(
        printed.contains("probe: 2 connected, 2 unreadable, 1 protocol error, 1 gone"), printed);
    return lines;
  }

  private static List<String> loaded(List<String> lines, String prefix) {
    List<String> classes = new ArrayList<>();
    for (String line : lines) {
      // "[0.1s][info][class,load] name source: ...", the tag padded when longer tags are logged
      Matcher load = CLASS_LOAD.matcher(line);
      if (load.find() && load.group(1).startsWith(prefix)) {
        classes.add(load.group(1));
      }
    }
    return classes;
  }

  private static List<String> eventClasses(List<String> lines) {
    List<String> events = new ArrayList<>();
    for (String name : loaded(lines, "dev.herald.net.")) {
      if (name.endsWith("Event")) {
        events.add(name);
      }
    }
    return events;
  }

  @Test
  void withoutARecordingNoEventClassAndNoRecorderMachineryIsLoaded() throws Exception {
    List<String> lines = runProbe();

    assertEquals(List.of(), eventClasses(lines));
    assertEquals(List.of(), loaded(lines, "jdk.jfr.Event"), "nor the recorder's base class");
    assertTrue(loaded(lines, "jdk.jfr.internal.").isEmpty(), "nor its machinery");
  }

  @Test
  void withARecordingTheEventClassesAreLoaded() throws Exception {
    List<String> lines = runProbe("-XX:StartFlightRecording");

    assertTrue(
        eventClasses(lines)
            .containsAll(
                List.of(
                    "dev.herald.net.udp.PeerConnectedEvent",
                    "dev.herald.net.udp.UnreadableMessageEvent",
                    "dev.herald.net.udp.ProtocolErrorEvent",
                    "dev.herald.net.udp.PeerDisconnectedEvent")),
        eventClasses(lines).toString());
  }
}
