package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import dev.herald.testing.FlightRecording;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * The bus's JDK Flight Recorder events, each recorded, dumped and read back as {@code jfr print}
 * would read it, field by field.
 */
class FlightEventsTest {
  private final List<Throwable> reported = new CopyOnWriteArrayList<>();

  static final class Failing {
    @Subscribe
    void on(Event event) {
      throw new IllegalStateException("boom: " + event);
    }
  }

  static final class Counter {
    int received;

    @Subscribe
    void on(Ping ping) {
      received++;
    }
  }

  static final class OnLane {
    @Subscribe(lane = "ui")
    void on(Ping ping) {}
  }

  static final class Async {
    @Subscribe(async = true)
    void on(Ping ping) {}
  }

  /** Posts every Event it receives again, for ever: one message type all the way down. */
  static final class Echo {
    final MessageBus bus;

    Echo(MessageBus bus) {
      this.bus = bus;
    }

    @Subscribe
    void on(Event event) {
      bus.post(event);
    }
  }

  private MessageBus collectingBus(MessageBus.Builder builder) {
    return builder.errorHandler((error, context) -> reported.add(error)).build();
  }

  @Test
  void aHandlerFailureIsRecordedWithTheHandlerTheMessageAndTheException() throws Exception {
    MessageBus bus = collectingBus(MessageBus.builder());
    bus.register(new Failing());

    List<RecordedEvent> events;
    try (FlightRecording recording = new FlightRecording("HandlerFailure")) {
      bus.post(new Event("one"));
      events = recording.stopAndRead("HandlerFailure");
    }

    assertEquals(1, events.size(), events.toString());
    RecordedEvent event = events.get(0);
    assertEquals(Event.class.getName(), event.getClass("messageType").getName());
    assertEquals(
        Failing.class.getName() + ".on(" + Event.class.getName() + ")", event.getString("handler"));
    assertEquals(IllegalStateException.class.getName(), event.getClass("exception").getName());
    assertEquals("boom: one", event.getString("exceptionMessage"));
    assertEquals(1, reported.size(), "the error handler heard of it as before");
  }

  @Test
  void aDeadPlainPostIsRecordedAsABroadcastWithoutTags() throws Exception {
    MessageBus bus = collectingBus(MessageBus.builder());

    List<RecordedEvent> events;
    try (FlightRecording recording = new FlightRecording("DeadMessage")) {
      assertEquals(0, bus.post(new Event("lonely")));
      events = recording.stopAndRead("DeadMessage");
    }

    assertEquals(1, events.size(), events.toString());
    RecordedEvent event = events.get(0);
    assertEquals(Event.class.getName(), event.getClass("messageType").getName());
    assertEquals("Address.BROADCAST", event.getString("destination"));
    assertEquals("", event.getString("tags"));
    assertFalse(event.getBoolean("requiresReceiver"));
  }

  @Test
  void aDeadSendIsRecordedWithItsDestinationTagsAndRequirement() throws Exception {
    MessageBus bus = collectingBus(MessageBus.builder());
    Header header =
        Header.builder().to(Address.named("hq")).tags("AI", "radio").requireReceiver().build();

    List<RecordedEvent> events;
    try (FlightRecording recording = new FlightRecording("DeadMessage")) {
      bus.post(new Event("unheard"), header);
      events = recording.stopAndRead("DeadMessage");
    }

    assertEquals(1, events.size(), events.toString());
    RecordedEvent event = events.get(0);
    assertEquals(Event.class.getName(), event.getClass("messageType").getName());
    assertEquals("Address.named(\"hq\")", event.getString("destination"));
    assertEquals("AI,radio", event.getString("tags"));
    assertTrue(event.getBoolean("requiresReceiver"));
    assertInstanceOf(UndeliveredMessageException.class, reported.get(0));
  }

  @Test
  void aPostChainTooDeepIsRecordedOnceWithTheMessageThatOverflowed() throws Exception {
    List<RecordedEvent> events;
    Throwable thrown;
    MessageBus bus;
    try (FlightRecording recording = new FlightRecording("PostChainTooDeep")) {
      // built while the recorder runs, as under -XX:StartFlightRecording: the bus readies the
      // overflow's event then, on a stack with room
      bus = collectingBus(MessageBus.builder());
      bus.register(new Echo(bus));
      thrown = SmallStack.run(512 * 1024, () -> bus.post(new Event("again")));
      events = recording.stopAndRead("PostChainTooDeep");
    }

    PostChainTooDeepException tooDeep = assertInstanceOf(PostChainTooDeepException.class, thrown);
    assertEquals(1, events.size(), events.toString());
    RecordedEvent event = events.get(0);
    assertEquals(Event.class.getName(), event.getClass("messageType").getName());
    int unwound = event.getInt("unwound");
    assertTrue(
        unwound >= 1 && unwound <= tooDeep.chain().size(),
        unwound + " of " + tooDeep.chain().size());
    assertEquals(1, bus.statistics().postChainsTooDeep());
  }

  @Test
  void aLaneQueueReachingTheThresholdIsRecordedEachTimeItRisesToIt() throws Exception {
    ManualExecutor ui = new ManualExecutor();
    MessageBus bus = collectingBus(MessageBus.builder().lane("ui", ui).queueDepthThreshold(3));
    bus.register(new OnLane());

    List<RecordedEvent> events;
    try (FlightRecording recording = new FlightRecording("QueueDepth")) {
      for (int i = 0; i < 5; i++) { // rises to 3, then above it: one event
        bus.post(new Ping(i));
      }
      ui.runAll();
      for (int i = 0; i < 3; i++) { // back from empty to 3: another
        bus.post(new Ping(i));
      }
      events = recording.stopAndRead("QueueDepth");
    }

    assertEquals(2, events.size(), events.toString());
    for (RecordedEvent event : events) {
      assertEquals("lane ui", event.getString("queue"));
      assertEquals(3, event.getInt("depth"));
    }
  }

  @Test
  void asynchronousCallsReachingTheThresholdAreRecordedOnce() throws Exception {
    ManualExecutor executor = new ManualExecutor();
    MessageBus bus = collectingBus(MessageBus.builder().executor(executor).queueDepthThreshold(2));
    bus.register(new Async());

    List<RecordedEvent> events;
    try (FlightRecording recording = new FlightRecording("QueueDepth")) {
      for (int i = 0; i < 4; i++) {
        bus.post(new Ping(i));
      }
      assertEquals(4, bus.statistics().asyncQueueDepth());
      executor.runAll();
      events = recording.stopAndRead("QueueDepth");
    }

    assertEquals(1, events.size(), events.toString());
    assertEquals("async", events.get(0).getString("queue"));
    assertEquals(2, events.get(0).getInt("depth"));
    assertEquals(0, bus.statistics().asyncQueueDepth());
  }

  @Test
  void aShutdownIsRecordedWithItsReport() throws Exception {
    MessageBus bus = collectingBus(MessageBus.builder());
    bus.register(new Counter());
    bus.post(new Ping(1), Header.builder().stage(Stage.UPDATE).build());
    bus.post(new Ping(2), Header.builder().stage(Stage.UPDATE).build());

    List<RecordedEvent> events;
    try (FlightRecording recording = new FlightRecording("Shutdown")) {
      bus.shutdown(QueuedMessages.DISCARD, Duration.ofSeconds(5));
      bus.close(); // the same report: not recorded again
      events = recording.stopAndRead("Shutdown");
    }

    assertEquals(1, events.size(), events.toString());
    RecordedEvent event = events.get(0);
    assertEquals(0, event.getInt("delivered"));
    assertEquals(2, event.getInt("discarded"));
    assertEquals(0, event.getInt("failed"));
    assertEquals(0, event.getInt("unfinishedAsync"));
    assertFalse(event.getDuration().isNegative());
  }

  @Test
  void aBusBuiltWithPostEventsRecordsEachPlainPost() throws Exception {
    MessageBus bus = collectingBus(MessageBus.builder().postEvents(true));
    Counter counter = new Counter();
    bus.register(counter);
    bus.register(new Counter());

    List<RecordedEvent> events;
    try (FlightRecording recording = new FlightRecording("Post")) {
      assertEquals(2, bus.post(new Ping(1)));
      events = recording.stopAndRead("Post");
    }

    assertEquals(1, events.size(), events.toString());
    RecordedEvent event = events.get(0);
    assertEquals(Ping.class.getName(), event.getClass("messageType").getName());
    assertEquals(2, event.getInt("handlers"));
    assertFalse(event.getDuration().isNegative());
    assertEquals(1, counter.received);
  }

  @Test
  void aBusBuiltWithPostEventsRecordsNoPostThatNoRecordingAsksFor() throws Exception {
    MessageBus bus = collectingBus(MessageBus.builder().postEvents(true));
    Counter counter = new Counter();
    bus.register(counter);

    List<RecordedEvent> events;
    try (FlightRecording recording = FlightRecording.without("Post")) {
      assertEquals(1, bus.post(new Ping(1)));
      events = recording.stopAndRead("Post");
    }

    assertEquals(List.of(), events);
    assertEquals(1, counter.received);
  }

  @Test
  void aBusBuiltWithoutPostEventsRecordsNoPost() throws Exception {
    MessageBus bus = collectingBus(MessageBus.builder());
    bus.register(new Counter());

    List<RecordedEvent> events;
    try (FlightRecording recording = new FlightRecording("Post")) {
      assertEquals(1, bus.post(new Ping(1)));
      events = recording.stopAndRead("Post");
    }

    assertEquals(List.of(), events);
    assertFalse(bus.plainPosts instanceof RecordedPlainPosts, "it posts through PlainPosts");
  }
}
