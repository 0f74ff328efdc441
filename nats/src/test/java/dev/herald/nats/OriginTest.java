package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.Header;
import dev.herald.bridge.Bridge;
import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The origin an importer names a sender by is the second token of the subject it published on,
 * checked with the builder's rule, and bounded in length, as is the table of processes.
 */
@Timeout(90)
class OriginTest {
  private static final String CHATS = Subjects.derived("herald", Chat.class);
  private static NatsServer server;
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
    receiver.close();
  }

  @Test
  void theSenderIsTheSubjectsOriginNotAClaimInThePayload() throws Exception {
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).importType(Chat.class));
    try (Peer sender = new Peer()) {
      sender.start(sender.bridge(server).origin("lobby-1").exportType(Chat.class));
      sender.bus.post(new Chat("hi"));
      Delivered<Chat> chat = next(chats);
      assertEquals("lobby-1", receiver.bridge.originOf(chat.from()));
    }
  }

  @Test
  void anOriginThatBreaksTheBuildersRuleIsRefusedAndRepliesNeverThrow() throws Exception {
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    // every import is answered to its sender alone, as docs/nats.md shows
    Bridge.of(receiver.bus)
        .respond(
            Chat.class,
            (chat, envelope) -> {
              if (envelope.from() != null && !chat.text().startsWith("re:")) {
                receiver.bus.post(new Chat("re: " + chat.text()), Header.to(envelope.from()));
              }
              return List.of();
            });
    receiver.start(
        receiver.bridge(server).importType(Chat.class).exportType(Chat.class, "replies"));
    String tooLong = "x".repeat(Subjects.ORIGIN_MAX_LENGTH + 1);
    String longest = "y".repeat(Subjects.ORIGIN_MAX_LENGTH);
    try (Connection raw = Nats.connect(server.url())) {
      publish(raw, "bad>origin", "wildcard");
      publish(raw, tooLong, "too long");
      publish(raw, longest, "fine");
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    }

    MalformedPayloadException wildcard = receiver.nextError(MalformedPayloadException.class);
    assertTrue(wildcard.getMessage().contains("bad>origin"), wildcard.getMessage());
    MalformedPayloadException long1 = receiver.nextError(MalformedPayloadException.class);
    assertTrue(long1.getMessage().contains("valid origin"), long1.getMessage());
    Delivered<Chat> fine = next(chats);
    assertEquals(new Chat("fine"), fine.message());
    assertEquals(longest, receiver.bridge.originOf(fine.from()));
    assertEquals(List.of(longest), receiver.bridge.core.remotes.origins());
    assertTrue(receiver.errors.isEmpty(), receiver.errors.toString()); // the reply did not throw
  }

  @Test
  void theBuilderRefusesAnOriginAnImporterWouldRefuse() {
    NatsBridge.Builder builder = receiver.bridge(server);
    assertThrows(
        IllegalArgumentException.class,
        () -> builder.origin("x".repeat(Subjects.ORIGIN_MAX_LENGTH + 1)));
    assertThrows(IllegalArgumentException.class, () -> builder.origin("two words"));
    assertThrows(IllegalArgumentException.class, () -> builder.origin("a>b"));
    assertThrows(IllegalArgumentException.class, () -> builder.origin("a.b"));
    builder.origin("y".repeat(Subjects.ORIGIN_MAX_LENGTH));
  }

  @Test
  void theBuilderRefusesAnOriginThatWouldComeBackUnderAnotherName() {
    NatsBridge.Builder builder = receiver.bridge(server);
    // the client sends a subject as UTF-8 and reads each byte back as one character
    assertThrows(IllegalArgumentException.class, () -> builder.origin("caf\u00e9"));
    assertThrows(IllegalArgumentException.class, () -> builder.origin("nul\u0000"));
    assertThrows(IllegalArgumentException.class, () -> builder.origin("del\u007f"));
    builder.origin("lobby_1-A~!");
  }

  @Test
  void anOriginOfBytesOutsideAsciiIsReportedMalformedNotDeliveredUnderAnotherName()
      throws Exception {
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).importType(Chat.class));
    try (Connection raw = Nats.connect(server.url())) {
      publish(raw, "caf\u00e9", "accented");
      publish(raw, "plain", "after");
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    }

    MalformedPayloadException refused = receiver.nextError(MalformedPayloadException.class);
    assertTrue(refused.getMessage().contains("valid origin"), refused.getMessage());
    assertEquals(new Chat("after"), next(chats).message());
    assertEquals(List.of("plain"), receiver.bridge.core.remotes.origins());
  }

  @Test
  void aMessageUnderThisProcesssOwnOriginIsReportedNotDroppedInSilence() throws Exception {
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).origin("me").importType(Chat.class));
    try (Connection raw = Nats.connect(server.url())) {
      publish(raw, "me", "posing");
      publish(raw, "other", "after");
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    }

    MalformedPayloadException posing = receiver.nextError(MalformedPayloadException.class);
    assertTrue(posing.getMessage().contains("own origin"), posing.getMessage());
    assertEquals(new Chat("after"), next(chats).message());
    assertEquals(1, receiver.bridge.counters().malformed());
    assertEquals(List.of("other"), receiver.bridge.core.remotes.origins());
  }

  @Test
  void theBuilderRefusesSubjectsLongerThanAnImporterReads() throws Exception {
    String longest = "a." + "b".repeat(Subjects.SUBJECT_MAX_LENGTH - "a..o".length());
    String tooLong = longest + "c";
    try (Peer peer = new Peer()) {
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> peer.bridge(server).origin("o").exportType(Chat.class, tooLong).build());
      assertTrue(refused.getMessage().contains("1025 bytes"), refused.getMessage());
      assertThrows(
          IllegalArgumentException.class,
          () -> peer.bridge(server).origin("o").importSubject(tooLong).build());
      assertThrows(
          IllegalArgumentException.class,
          () ->
              peer.bridge(server)
                  .origin("o")
                  .exportType(Chat.class, "a." + "\u00e9".repeat(Subjects.SUBJECT_MAX_LENGTH / 2))
                  .build());
      peer.start(peer.bridge(server).origin("o").exportType(Chat.class, longest));
    }
  }

  @Test
  void theTableOfProcessesIsBoundedInCountAndSize() throws Exception {
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).importType(Chat.class));
    int processes = RemoteProcesses.LIMIT + 76;
    try (Connection raw = Nats.connect(server.url())) {
      for (int i = 0; i < processes; i++) {
        String origin = String.format("%0" + Subjects.ORIGIN_MAX_LENGTH + "d", i);
        publish(raw, origin, Integer.toString(i));
      }
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    }
    for (int i = 0; i < processes; i++) {
      assertEquals(new Chat(Integer.toString(i)), next(chats).message());
    }
    List<String> origins = receiver.bridge.core.remotes.origins();
    assertEquals(RemoteProcesses.LIMIT, origins.size());
    for (String origin : origins) {
      assertTrue(origin.length() <= Subjects.ORIGIN_MAX_LENGTH, origin);
    }
    assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
  }

  private static void publish(Connection raw, String origin, String text) {
    raw.publish(
        Subjects.withOrigin(CHATS, origin),
        Prelude.write(
            CodecRegistry.load(),
            Prelude.incarnation(System.currentTimeMillis(), 1),
            0,
            new Chat(text)));
  }
}
