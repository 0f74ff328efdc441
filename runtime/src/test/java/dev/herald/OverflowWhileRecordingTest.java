package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A chain of nested posts that overflows the stack while a Flight Recording that {@code jcmd}
 * started runs must leave the recorder and the JVM as they were: the poster gets a {@link
 * PostChainTooDeepException}, each one counted; exceptions elsewhere are created as usual; {@code
 * JFR.dump} answers; and the JVM ends when terminated. Built at the point of overflow, the report
 * once ran JFR's instrumented Throwable constructor with no stack left, which on JDK 25 left a lock
 * of the recorder held for good (dump, start and the shutdown hook then wait for ever) and on JDK
 * 17 could make every later exception in the JVM a StackOverflowError.
 *
 * <p>It runs {@link OverflowWhileRecording} in a JVM of its own, started with the JDK that runs the
 * tests, and attaches to it as a user would.
 */
class OverflowWhileRecordingTest {
  private static final long WAIT_SECONDS = 120;

  @Test
  void anOverflowWhileJcmdRecordsLeavesTheRecorderAndTheJvmWorking() throws Exception {
    Path javaHome = Paths.get(System.getProperty("java.home"));
    Process program =
        new ProcessBuilder(
                javaHome.resolve("bin/java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                OverflowWhileRecording.class.getName())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    BlockingQueue<String> output = linesOf(program);
    try (Writer commands = program.outputWriter(StandardCharsets.UTF_8)) {
      assertEquals("ready stopped", next(output), "overflows before the recording");

      String pid = Long.toString(program.pid());
      jcmd(javaHome, pid, "JFR.start", "name=herald-overflow");
      commands.write("go\n");
      commands.flush();
      String expected =
          "result stopped counted=40 elsewhere=" + NumberFormatException.class.getName();
      assertEquals(expected, next(output), "overflows while recording");

      Path dump = Files.createTempFile("herald-overflow-", ".jfr");
      try {
        jcmd(javaHome, pid, "JFR.dump", "name=herald-overflow", "filename=" + dump);
        assertTrue(Files.size(dump) > 0, "the recording was dumped");
      } finally {
        Files.deleteIfExists(dump);
      }
      program.destroy(); // SIGTERM: the recorder's shutdown hook must not wait for ever
      assertTrue(program.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "the JVM ended when terminated");
    } finally {
      program.destroyForcibly();
    }
  }

  /** The lines {@code program} prints, as it prints them, read on a thread of their own. */
  private static BlockingQueue<String> linesOf(Process program) {
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader output =
                  new BufferedReader(
                      new InputStreamReader(program.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = output.readLine(); line != null; line = output.readLine()) {
                  lines.add(line);
                }
              } catch (IOException ended) {
                // the program was ended: next() says what it missed
              }
            },
            "overflow-output");
    reader.setDaemon(true);
    reader.start();
    return lines;
  }

  /** The next line the program prints; fails if it prints none in time (it hangs, or died). */
  private static String next(BlockingQueue<String> output) throws InterruptedException {
    String line = output.poll(WAIT_SECONDS, TimeUnit.SECONDS);
    assertNotNull(line, "the program said nothing more");
    return line;
  }

  /** Runs {@code jcmd pid command...}; fails if it does not answer, or answers with an error. */
  private static void jcmd(Path javaHome, String pid, String... command)
      throws IOException, InterruptedException {
    List<String> line = new ArrayList<>();
    line.add(javaHome.resolve("bin/jcmd").toString());
    line.add(pid);
    line.addAll(List.of(command));
    Path said = Files.createTempFile("herald-jcmd-", ".txt");
    Process jcmd =
        new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(said.toFile()).start();
    try {
      boolean answered = jcmd.waitFor(WAIT_SECONDS, TimeUnit.SECONDS);
      String text = Files.readString(said);
      assertTrue(answered, "jcmd " + command[0] + " did not answer: " + text);
      assertEquals(0, jcmd.exitValue(), "jcmd " + command[0] + ": " + text);
    } finally {
      jcmd.destroyForcibly();
      Files.deleteIfExists(said);
    }
  }
}
