package dev.herald.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jdk.jfr.EventType;
import jdk.jfr.Recording;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A JDK Flight Recorder recording of some events, for a test, as a user makes one: started when
 * made, then stopped, dumped to a file and read back as a program reading a recording would.
 *
 * <p>An event name without a dot is one of Herald's: {@code "DeadMessage"} stands for {@code
 * "dev.herald.DeadMessage"}; a name with one is taken as it is ({@code "dev.herald.net.PeerLost"}).
 */
public final class FlightRecording implements AutoCloseable {
  private final Recording recording = new Recording();
  private List<RecordedEvent> recorded;

  /** Starts recording the events named {@code names}, every other one too. */
  public FlightRecording(String... names) {
    this(names, new String[0]);
  }

  private FlightRecording(String[] enabled, String[] disabled) {
    for (String name : enabled) {
      recording.enable(fullName(name));
    }
    for (String name : disabled) {
      recording.disable(fullName(name));
    }
    recording.start();
  }

  /** Starts recording every event but the one named {@code name}. */
  public static FlightRecording without(String name) {
    return new FlightRecording(new String[0], new String[] {name});
  }

  /** Stops the recording, dumps it to a file and reads the file back. Idempotent. */
  public void stop() throws IOException {
    if (recorded != null) {
      return;
    }
    recording.stop();
    Path file = Files.createTempFile("herald-test-", ".jfr");
    try {
      recording.dump(file);
      recorded = new ArrayList<>(RecordingFile.readAllEvents(file));
      recorded.sort(Comparator.comparing(RecordedEvent::getStartTime));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Stops the recording and returns its events named {@code name}, oldest first. */
  public List<RecordedEvent> stop(String name) throws IOException {
    stop();
    return events(name);
  }

  /**
   * Stops the recording and returns its events named {@code name}, oldest first, each checked to
   * carry what a reader of {@code jfr print} sees: a label, a description, the category {@code
   * Herald} and a label on every field.
   */
  public List<RecordedEvent> stopAndRead(String name) throws IOException {
    List<RecordedEvent> events = stop(name);
    for (RecordedEvent event : events) {
      assertLabelled(event.getEventType());
    }
    return events;
  }

  /** The events named {@code name} of the stopped recording, oldest first. */
  public List<RecordedEvent> events(String name) {
    if (recorded == null) {
      throw new IllegalStateException("stop the recording first");
    }
    String fullName = fullName(name);
    List<RecordedEvent> named = new ArrayList<>();
    for (RecordedEvent event : recorded) {
      if (event.getEventType().getName().equals(fullName)) {
        named.add(event);
      }
    }
    return named;
  }

  private static String fullName(String name) {
    return name.indexOf('.') >= 0 ? name : "dev.herald." + name;
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
