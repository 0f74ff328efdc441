package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/observability.md: no Flight Recorder event class is loaded, and the recorder's machinery is
 * not woken, until a recording has started in the JVM, so a program that never records pays nothing
 * for the events. Checked in a JVM of its own ({@link FlightRecorderProbe}), whose class loading is
 * logged: this test's JVM may have recorded already.
 */
class FlightRecorderStartupTest {
  private static final Pattern LOADED = Pattern.compile("\\[class,load\\]\\s+(\\S+)");

  @TempDir Path temporary;

  @Test
  void eventClassesStayUnloadedUntilARecordingStarts() throws Exception {
    List<String> log = runProbe();
    int recording = log.indexOf(FlightRecorderProbe.RECORDING);
    assertTrue(recording > 0, "the probe ran to its recording: " + tail(log));
    assertTrue(log.contains(FlightRecorderProbe.DONE), "the probe finished: " + tail(log));

    List<String> before = jfrClasses(log.subList(0, recording));
    List<String> after = jfrClasses(log.subList(recording, log.size()));

    assertEquals(
        List.of("jdk.jfr.FlightRecorder"),
        before,
        "before the recording, only the class that says whether the recorder started");
    assertTrue(
        after.contains("dev.herald.FlightEvents$DeadMessageEvent"),
        "the probe sees event classes load once a recording starts: " + after);
    assertTrue(after.contains("jdk.jfr.Event"), after.toString());
  }

  /** The Flight Recorder's classes and Herald's event classes among {@code lines}, in order. */
  private static List<String> jfrClasses(List<String> lines) {
    List<String> classes = new ArrayList<>();
    for (String line : lines) {
      Matcher loaded = LOADED.matcher(line);
      if (loaded.find()) {
        String name = loaded.group(1);
        if (name.startsWith("jdk.jfr.") || name.startsWith("dev.herald.FlightEvents$")) {
          classes.add(name);
        }
      }
    }
    return classes;
  }

  private List<String> runProbe() throws IOException, InterruptedException {
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    Path output = temporary.resolve("probe.log");
    Process probe =
        new ProcessBuilder(
                java.toString(),
                "-Xlog:class+load=info:stdout",
                "-cp",
                classPath,
                FlightRecorderProbe.class.getName())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!probe.waitFor(2, TimeUnit.MINUTES)) {
      probe.destroyForcibly();
      throw new AssertionError("the probe did not finish in two minutes");
    }
    List<String> log = Files.readAllLines(output, StandardCharsets.UTF_8);
    assertEquals(0, probe.exitValue(), tail(log));
    return log;
  }

  private static String tail(List<String> log) {
    return String.join("\n", log.subList(Math.max(0, log.size() - 20), log.size()));
  }
}
