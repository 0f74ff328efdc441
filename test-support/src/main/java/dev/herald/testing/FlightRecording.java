package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.EventType;
import jdk.jfr.Recording;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A JDK Flight Recorder recording of some of the bus's events, as a user makes one: started, then
 * stopped, dumped to a file and read back.
 */
final class FlightRecording implements AutoCloseable {
  private final Recording recording = new Recording();

  /** Starts recording the events named {@code dev.herald.<name>}, every other one too. */
  FlightRecording(String... names) {
    this(names, new String[0]);
  }

  private FlightRecording(String[] enabled, String[] disabled) {
    for (String name : enabled) {
      recording.enable("dev.herald." + name);
    }
    for (String name : disabled) {
      recording.disable("dev.herald." + name);
    }
    recording.start();
  }

  /** Starts recording every event but the one named {@code dev.herald.<name>}. */
  static FlightRecording without(String name) {
    return new FlightRecording(new String[0], new String[] {name});
  }

  /**
   * Stops, dumps and reads back the recording; returns its events named {@code dev.herald.<name>},
   * each checked to carry the labels a reader of {@code jfr print} sees.
   */
  List<RecordedEvent> stopAndRead(String name) throws IOException {
    recording.stop();
    Path file = Files.createTempFile("herald-", ".jfr");
    try {
      recording.dump(file);
      List<RecordedEvent> found = new ArrayList<>();
      for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
        if (event.getEventType().getName().equals("dev.herald." + name)) {
          assertLabelled(event.getEventType());
          found.add(event);
        }
      }
      return found;
    } finally {
      Files.delete(file);
    }
  }

  private static void assertLabelled(EventType type) {
    assertNotNull(type.getLabel(), type.getName());
    assertNotNull(type.getDescription(), type.getName());
    assertEquals("Herald", type.getCategoryNames().get(0), type.getName());
    for (ValueDescriptor field : type.getFields()) {
      assertNotNull(field.getLabel(), type.getName() + "." + field.getName());
    }
  }

  @Override
  public void close() {
    recording.close();
  }
}
