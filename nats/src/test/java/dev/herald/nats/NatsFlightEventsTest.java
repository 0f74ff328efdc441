package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.NatsConnectionEvent.Kind;
import dev.herald.testing.FlightRecording;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The flight recorder events of the NATS bridge, each caused through a real server, recorded,
 * dumped, and read back field by field.
 */
@Timeout(60)
class NatsFlightEventsTest {
  private static NatsServer server;
  private final Peer sender = new Peer();
  private final Peer receiver = new Peer();

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

  @AfterEach
  void closePeers() throws Exception {
    sender.close();
    receiver.close();
  }

  @Test
  void aLostAndRegainedConnectionIsRecordedOncePerChange() throws Exception {
    try (NatsServer own = NatsServer.startOwn();
        Peer peer = new Peer();
        FlightRecording recording = new FlightRecording("dev.herald.nats.ConnectionChanged")) {
      BlockingQueue<Kind> changes = new LinkedBlockingQueue<>();
      peer.bus.subscribe(NatsConnectionEvent.class, event -> changes.add(event.kind()));
      peer.start(peer.bridge(own).origin("watched").exportType(Tick.class));

      own.stop();
      assertEquals(Kind.DISCONNECTED, next(changes));
      own.restart();
      assertEquals(Kind.RECONNECTED, next(changes));
      List<RecordedEvent> events = recording.stop("dev.herald.nats.ConnectionChanged");

      assertEquals(2, events.size(), events.toString());
      assertEquals("DISCONNECTED", events.get(0).getString("kind"));
      assertEquals("RECONNECTED", events.get(1).getString("kind"));
      for (RecordedEvent event : events) {
        assertEquals("watched", event.getString("bridge"));
        assertEquals(own.url(), event.getString("server"));
        assertEquals(0, event.getLong("droppedSoFar"));
        assertEquals(List.of("Herald", "NATS"), event.getEventType().getCategoryNames());
      }
    }
  }

  @Test
  void aGapInASendersNumbersIsRecordedWithItsSize() throws Exception {
    receiver.start(receiver.bridge(server).origin("listener").importType(Tick.class));
    try (FlightRecording recording = new FlightRecording("dev.herald.nats.MessagesLost");
        Connection raw = Nats.connect(server.url())) {
      long incarnation = Prelude.incarnation(System.currentTimeMillis(), 7);
      String subject = Subjects.derived("herald", Tick.class);
      CodecRegistry codecs = CodecRegistry.load();
      raw.publish(
          Subjects.withOrigin(subject, "lobby-9"),
          Prelude.write(codecs, incarnation, 1, new Tick(1)));
      raw.publish(
          Subjects.withOrigin(subject, "lobby-9"),
          Prelude.write(codecs, incarnation, 5, new Tick(5)));
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
      receiver.nextError(MessagesLostException.class);
      List<RecordedEvent> events = recording.stop("dev.herald.nats.MessagesLost");

      assertEquals(1, events.size(), events.toString());
      RecordedEvent event = events.get(0);
      assertEquals("listener", event.getString("bridge"));
      assertEquals("lobby-9", event.getString("sender"));
      assertEquals(subject, event.getString("subject"));
      assertEquals(3, event.getLong("count"));
      assertEquals(3, event.getLong("lostSoFar"));
    }
  }

  @Test
  void aMessageThatCannotBeHandedToNatsIsRecordedDropped() throws Exception {
    try (FlightRecording recording = new FlightRecording("dev.herald.nats.MessageDropped")) {
      Connection connection = Nats.connect(server.url());
      sender.start(
          NatsBridge.builder(sender.bus)
              .connection(connection)
              .origin("closing")
              .exportType(Tick.class, "room.ticks"));
      connection.close();

      sender.bus.post(new Tick(1));
      sender.nextError(MessageDroppedException.class);
      List<RecordedEvent> events = recording.stop("dev.herald.nats.MessageDropped");

      assertEquals(1, events.size(), events.toString());
      RecordedEvent event = events.get(0);
      assertEquals("closing", event.getString("bridge"));
      assertEquals("room.ticks", event.getString("subject"));
      assertEquals(Tick.class.getName(), event.getString("messageType"));
      assertTrue(
          event.getString("cause").startsWith(IllegalStateException.class.getName()),
          event.getString("cause"));
      assertEquals(1, event.getLong("droppedSoFar"));
    }
  }

  @Test
  void aPayloadThatCannotBeReadIsRecordedMalformed() throws Exception {
    receiver.start(receiver.bridge(server).origin("reader").importSubject("room.junk"));
    try (FlightRecording recording = new FlightRecording("dev.herald.nats.MalformedPayload");
        Connection raw = Nats.connect(server.url())) {
      raw.publish(Subjects.withOrigin("room.junk", "lobby-3"), new byte[] {(byte) 0xFF, 1, 2});
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
      MalformedPayloadException reported = receiver.nextError(MalformedPayloadException.class);
      List<RecordedEvent> events = recording.stop("dev.herald.nats.MalformedPayload");

      assertEquals(1, events.size(), events.toString());
      RecordedEvent event = events.get(0);
      assertEquals("reader", event.getString("bridge"));
      assertEquals("lobby-3", event.getString("sender"));
      assertEquals("room.junk", event.getString("subject"));
      assertEquals(reported.getMessage(), event.getString("problem"));
    }
  }

  @Test
  void aMessageThatArrivedButWasNotDeliveredIsRecordedAsAFailedImport() throws Exception {
    sender.start(sender.bridge(server).origin("chatter").exportType(Chat.class, "room.errors"));
    receiver.start(
        receiver
            .bridge(server)
            .origin("hearer")
            .codecs(CodecRegistry.of(new ImportErrorTest.HostileChatCodec()))
            .importSubject("room.errors"));
    try (FlightRecording recording = new FlightRecording("dev.herald.nats.ImportFailed")) {
      sender.bus.post(new Chat("hostile"));
      ImportFailedException reported = receiver.nextError(ImportFailedException.class);
      List<RecordedEvent> events = recording.stop("dev.herald.nats.ImportFailed");

      assertEquals(1, events.size(), events.toString());
      RecordedEvent event = events.get(0);
      assertEquals("hearer", event.getString("bridge"));
      assertEquals("chatter", event.getString("sender"));
      assertEquals("room.errors", event.getString("subject"));
      assertFalse(event.getBoolean("willBeRedelivered"));
      assertEquals(reported.getCause().toString(), event.getString("cause"));
    }
  }
}
