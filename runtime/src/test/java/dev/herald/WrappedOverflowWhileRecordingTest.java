package dev.herald;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/**
 * A handler that wraps a stack overflow in an exception of its own fails with next to no stack
 * left; the bus reports that failure there. Recording its event there once loaded Herald's event
 * class inside the overflow, where the recorder could not register it: no handler failure was
 * recorded for the rest of the JVM's life. Now the bus records only where the stack has room, and
 * later failures are recorded as usual. Run in a JVM of its own ({@link
 * WrappedOverflowWhileRecording}), recording from its start, so that no other test has loaded the
 * event class before.
 */
class WrappedOverflowWhileRecordingTest {
  private static final long WAIT_SECONDS = 120;

  @Test
  void aFailureReportedAtTheEdgeOfTheStackLeavesLaterFailuresRecorded() throws Exception {
    Path recording = Files.createTempFile("herald-wrapped-", ".jfr");
    Path said = Files.createTempFile("herald-wrapped-", ".txt");
    try {
      Process program =
          new ProcessBuilder(
                  Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                  "-XX:StartFlightRecording=filename=" + recording,
                  "-cp",
                  System.getProperty("java.class.path"),
                  WrappedOverflowWhileRecording.class.getName())
              .redirectErrorStream(true)
              .redirectOutput(said.toFile())
              .start();
      try {
        assertTrue(program.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "the program ended");
      } finally {
        program.destroyForcibly();
      }
      String output = Files.readString(said, StandardCharsets.UTF_8);
      assertTrue(output.contains("wrapped=10 ordinary=1"), output);

      List<RecordedEvent> failures =
          RecordingFile.readAllEvents(recording).stream()
              .filter(event -> event.getEventType().getName().equals("dev.herald.HandlerFailure"))
              .collect(Collectors.toList());
      assertTrue(
          failures.stream()
              .anyMatch(event -> "an ordinary failure".equals(event.getString("exceptionMessage"))),
          "the ordinary failure after the chains was recorded; recorded: " + failures);
    } finally {
      Files.deleteIfExists(recording);
      Files.deleteIfExists(said);
    }
  }
}
