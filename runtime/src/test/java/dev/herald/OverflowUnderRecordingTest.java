package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The first exception made after the Flight Recorder starts readies the JDK's exception tracing
 * (JDK 22 and later) once per JVM, so each case runs {@link OverflowUnderRecordingProgram} in a JVM
 * of its own, where no recording ran before the bus was built.
 */
class OverflowUnderRecordingTest {

  private static List<String> run(String... stackKib) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(OverflowUnderRecordingProgram.class.getName());
    command.addAll(List.of(stackKib));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = process.getInputStream().readAllBytes();
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the program did not end");
    String text = new String(output, StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), text);
    return List.of(text.split("\\R"));
  }

  private static void assertAllTooDeepAndJvmWell(List<String> lines, String... stackKib) {
    for (String size : stackKib) {
      assertTrue(
          lines.contains("POSTER " + size + " PostChainTooDeepException"),
          String.join("\n", lines));
    }
    assertTrue(lines.contains("AFTER made fresh"), String.join("\n", lines));
    assertTrue(lines.contains("BUS 1"), String.join("\n", lines));
  }

  @Test
  void aRecordingStartedAfterTheBusThenAnOverflowOnA512KibStack() throws Exception {
    assertAllTooDeepAndJvmWell(run("512"), "512");
  }

  @Test
  void aStackTooSmallForTheClassLoadingProbeStillLeavesTheJvmAndBusWell() throws Exception {
    List<String> lines = run("1", "136", "160");
    assertTrue(lines.contains("AFTER made fresh"), String.join("\n", lines));
    assertTrue(lines.contains("BUS 1"), String.join("\n", lines));
  }
}
