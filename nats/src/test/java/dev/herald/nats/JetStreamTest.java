package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import io.nats.client.PublishOptions;
import io.nats.client.api.PublishAck;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Durable export and import: a process that restarts gets what it missed, each message once. */
@Timeout(60)
class JetStreamTest {
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

  private static final String SUBJECT = "durable.ticks";

  /**
   * A publication whose acknowledgement never came is reported dropped, yet may have been stored
   * under its message id. The next message must not take that id (the stream would keep the first
   * and drop it as a duplicate, in silence): the stored message stands here for that publication.
   */
  @Test
  void aMessageWhoseIdWasStoredAlreadyIsStoredUnderTheNextNumber() throws Exception {
    String subject = "durable.collision";
    try (Peer sender = new Peer();
        Peer receiver = new Peer()) {
      sender.start(
          sender.bridge(server).origin("keeper").stream("COLLISION")
              .exportDurable(Tick.class, subject));
      try (Connection raw = Nats.connect(server.url())) {
        long incarnation = sender.bridge.core.incarnation;
        raw.jetStream()
            .publish(
                Subjects.withOrigin(subject, "keeper"),
                Prelude.write(CodecRegistry.load(), incarnation, 1, new Tick(99)),
                PublishOptions.builder()
                    .messageId("keeper:" + Long.toHexString(incarnation) + ":" + subject + ":1")
                    .build());
      }
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      receiver.start(receiver.bridge(server).stream("COLLISION").importDurable(subject, "reader"));

      sender.bus.post(new Tick(1));
      sender.bus.post(new Tick(2));

      assertEquals(
          99, next(ticks).message().number(), "what the unacknowledged publication stored");
      assertEquals(
          1, next(ticks).message().number(), "the next message, not dropped as its duplicate");
      assertEquals(2, next(ticks).message().number());
      assertEquals(0, receiver.bridge.lostCount());
    }
  }

  @Test
  void aRestartedProcessGetsWhatItMissedWithNothingLostAndNothingDoubled() throws Exception {
    try (Peer sender = new Peer()) {
      sender.start(
          sender.bridge(server).origin("match").stream("TICKS").exportDurable(Tick.class, SUBJECT));
      List<Integer> received = new ArrayList<>();

      try (Peer receiver = new Peer()) {
        BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
        receiver.start(
            receiver.bridge(server).stream("TICKS").importDurable(SUBJECT, "scoreboard"));
        for (int i = 1; i <= 5; i++) {
          sender.bus.post(new Tick(i));
        }
        for (int i = 1; i <= 5; i++) {
          received.add(next(ticks).message().number());
        }
      } // the receiving process stops, having acknowledged 1..5

      for (int i = 6; i <= 10; i++) {
        sender.bus.post(new Tick(i)); // stored while nobody consumes
      }
      // a retry of message 8 with its message id, as after a lost acknowledgement: stored once
      try (Connection raw = Nats.connect(server.url())) {
        long incarnation = sender.bridge.core.incarnation;
        PublishAck ack =
            raw.jetStream()
                .publish(
                    Subjects.withOrigin(SUBJECT, "match"),
                    Prelude.write(CodecRegistry.load(), incarnation, 8, new Tick(8)),
                    PublishOptions.builder()
                        .messageId("match:" + Long.toHexString(incarnation) + ":" + SUBJECT + ":8")
                        .build());
        assertTrue(ack.isDuplicate(), "the stream should know message 8 by its id");
      }

      try (Peer restarted = new Peer()) {
        BlockingQueue<Delivered<Tick>> ticks = restarted.record(Tick.class);
        restarted.start(
            restarted.bridge(server).stream("TICKS").importDurable(SUBJECT, "scoreboard"));
        sender.bus.post(new Tick(11)); // the last: once it is here, anything doubled would be too
        for (Delivered<Tick> tick = next(ticks); ; tick = next(ticks)) {
          received.add(tick.message().number());
          assertEquals("match", restarted.bridge.originOf(tick.from()));
          if (tick.message().number() == 11) {
            break;
          }
        }
        assertTrue(ticks.isEmpty(), ticks.toString());
        assertTrue(restarted.errors.isEmpty(), restarted.errors.toString());
      }
      assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), received);
      assertEquals(0, sender.bridge.droppedCount());
    }
  }

  @Test
  void aProcessThatExportsWhatItImportsDurablyDoesNotStoreItAgain() throws Exception {
    String subject = "durable.relay";
    try (Peer sender = new Peer();
        Peer relay = new Peer()) {
      sender.start(
          sender.bridge(server).origin("source").stream("RELAY")
              .exportDurable(Tick.class, subject));
      BlockingQueue<Delivered<Tick>> ticks = relay.record(Tick.class);
      relay.start(
          relay.bridge(server).stream("RELAY")
              .importDurable(subject, "relay")
              .exportDurable(Tick.class, subject));

      for (int i = 1; i <= 4; i++) {
        sender.bus.post(new Tick(i));
      }
      for (int i = 1; i <= 4; i++) {
        assertEquals(i, next(ticks).message().number());
      }

      // the relay's exporter ran for 1 to 3 before the importer's thread took 4: had it stored
      // them again, the stream would hold at least 7
      try (Connection raw = Nats.connect(server.url())) {
        long stored =
            raw.jetStreamManagement().getStreamInfo("RELAY").getStreamState().getMsgCount();
        assertEquals(4, stored);
      }
      assertTrue(relay.errors.isEmpty(), relay.errors.toString());
    }
  }

  @Test
  void aRedeliveryIsDroppedSoAHandlerSeesEachMessageOnce() {
    Numberings numberings = new Numberings(new CoarseClock());
    Numbering numbering = numberings.of("s.p");
    long run = Prelude.incarnation(System.currentTimeMillis(), 1);

    assertEquals(0, numbering.accept(run, 1, false));
    assertEquals(0, numbering.accept(run, 2, false));
    assertEquals(Numbering.DUPLICATE, numbering.accept(run, 2, false));
    assertEquals(Numbering.BEHIND, numbering.accept(run, 1, false));
    assertEquals(2, numbering.accept(run, 5, false));
    assertSame(numbering, numberings.of("s.p"), "one numbering per subject, whoever asks");
    assertEquals(
        0,
        numberings.of("other.p").accept(run, 7, false),
        "the first seen on a subject is where counting starts");
  }

  @Test
  void requestsAreNotForwardedThroughJetStream() throws Exception {
    try (Peer peer = new Peer()) {
      peer.start(peer.bridge(server).stream("QUERIES").exportDurable(ScoreQuery.class));

      assertEquals(List.of(), peer.bus.request(new ScoreQuery("x"), ScoreReply.class));

      IllegalArgumentException refused = peer.nextError(IllegalArgumentException.class);
      assertTrue(refused.getMessage().contains("exportType"), refused.getMessage());
    }
  }
}
