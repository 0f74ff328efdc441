package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.testing.NatsServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bridge in a JVM that records nothing loads none of its Flight Recorder event classes, on any
 * path that records one, and so wakes none of the recorder's machinery. Run in a JVM of its own
 * ({@link UnrecordedBridge}), whose class loading is logged: this one has run recordings.
 */
@Timeout(120)
class FlightEventsLoadingTest {
  private static final List<String> EVENT_CLASSES =
      List.of(
          ConnectionChangedEvent.class.getName(),
          MessagesLostEvent.class.getName(),
          MessageDroppedEvent.class.getName(),
          MalformedPayloadEvent.class.getName(),
          ImportFailedEvent.class.getName(),
          "jdk.jfr.Event");

  private static NatsServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = NatsServer.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void noEventClassIsLoadedWhileNoRecordingRuns(@TempDir Path dir) throws Exception {
    List<String> loaded = runLoggingClassLoads(dir, List.of());

    assertTrue(loaded.contains(NatsBridge.class.getName()), "the log shows the bridge's classes");
    for (String event : EVENT_CLASSES) {
      assertTrue(!loaded.contains(event), event + " was loaded");
    }
  }

  @Test
  void eachEventClassIsLoadedWhenARecordingRuns(@TempDir Path dir) throws Exception {
    // the same program, recording: the log above would have shown them
    List<String> loaded =
        runLoggingClassLoads(
            dir, List.of("-XX:StartFlightRecording:filename=" + dir.resolve("r.jfr")));

    for (String event : EVENT_CLASSES) {
      assertTrue(loaded.contains(event), event + " was not loaded");
    }
  }

  /** Runs {@link UnrecordedBridge}; returns the names of the classes it loaded. */
  private static List<String> runLoggingClassLoads(Path dir, List<String> options)
      throws IOException, InterruptedException {
    Path log = dir.resolve("classes.log");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.add("-Xlog:class+load=info:file=" + log);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(UnrecordedBridge.class.getName());
    command.add(server.url());
    Process program =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("out.txt").toFile())
            .start();
    if (!program.waitFor(90, TimeUnit.SECONDS)) {
      program.destroyForcibly();
    }
    String output = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
    assertEquals(0, program.exitValue(), "the program took every path that records: " + output);
    List<String> loaded = new ArrayList<>();
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      // "[0.012s][info][class,load] java.lang.Object source: shared objects file"
      int at = line.indexOf("] ", line.indexOf("[class,load]"));
      if (at >= 0) {
        String rest = line.substring(at + 2);
        int space = rest.indexOf(' ');
        loaded.add(space < 0 ? rest : rest.substring(0, space));
      }
    }
    return loaded;
  }
}
