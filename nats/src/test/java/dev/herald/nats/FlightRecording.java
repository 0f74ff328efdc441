package dev.herald.nats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A flight recording of some events, for a test: started when made, then stopped, dumped to a file
 * and read back as a program reading a recording would.
 */
final class FlightRecording implements AutoCloseable {

  private final Recording recording = new Recording();
  private List<RecordedEvent> recorded;

  /** Starts recording the events named {@code names}. */
  FlightRecording(String... names) {
    for (String name : names) {
      recording.enable(name);
    }
    recording.start();
  }

  /** Stops the recording, dumps it to a file and reads the file back. Idempotent. */
  void stop() throws IOException {
    if (recorded != null) {
      return;
    }
    recording.stop();
    Path file = Files.createTempFile("herald-test", ".jfr");
    try {
      recording.dump(file);
      recorded = new ArrayList<>(RecordingFile.readAllEvents(file));
      recorded.sort(Comparator.comparing(RecordedEvent::getStartTime));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Stops the recording and returns its events named {@code name}, oldest first. */
  List<RecordedEvent> stop(String name) throws IOException {
    stop();
    return events(name);
  }

  /** The events named {@code name} of the stopped recording, oldest first. */
  List<RecordedEvent> events(String name) {
    if (recorded == null) {
      throw new IllegalStateException("stop the recording first");
    }
    List<RecordedEvent> named = new ArrayList<>();
    for (RecordedEvent event : recorded) {
      if (event.getEventType().getName().equals(name)) {
        named.add(event);
      }
    }
    return named;
  }

  @Override
  public void close() {
    recording.close();
  }
}
