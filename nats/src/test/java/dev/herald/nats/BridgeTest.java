package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.Header;
import dev.herald.annotation.Subscribe;
import dev.herald.bridge.Bridge;
import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Two buses, each with its own bridge and connection, through a real NATS server. */
@Timeout(60)
class BridgeTest {
  private static NatsServer server;
  private final Peer a = new Peer();
  private final Peer b = new Peer();

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
    a.close();
    b.close();
  }

  @Test
  void exportedTypesArriveOnTheOtherBusFromAnAddressNamingTheSender() throws Exception {
    a.start(a.bridge(server).origin("lobby").exportType(MatchEvent.class).exportType(Chat.class));
    BlockingQueue<Delivered<MatchEvent>> events = b.record(MatchEvent.class);
    BlockingQueue<Delivered<Chat>> chats = b.record(Chat.class);
    b.start(b.bridge(server).importType(MatchEvent.class).importType(Chat.class));

    a.bus.post(new Goal("red", 12));
    a.bus.post(new Card("Zidane", true));
    a.bus.post(new Chat("gg"));

    Delivered<MatchEvent> goal = next(events);
    assertEquals(new Goal("red", 12), goal.message());
    assertEquals(new Card("Zidane", true), next(events).message());
    Delivered<Chat> chat = next(chats);
    assertEquals(new Chat("gg"), chat.message());
    assertNotNull(goal.from());
    assertSame(goal.from(), chat.from(), "one address per remote process");
    assertEquals("lobby", b.bridge.originOf(goal.from()));
    assertNull(b.bridge.originOf(b.bus.createAddress()));
    assertTrue(b.errors.isEmpty(), b.errors.toString());
  }

  @Test
  void derivedSubjectsFollowTheDocumentedRuleAndWildcardsSelectFamilies() throws Exception {
    a.start(a.bridge(server).exportType(MatchEvent.class).exportType(Chat.class, "lobby.chat"));
    BlockingQueue<Delivered<Record>> everything = b.record(Record.class); // not DeadMessage
    b.start(b.bridge(server).importSubject("herald.dev.herald.nats.*").importSubject("lobby.>"));

    a.bus.post(new Card("Kahn", false));
    a.bus.post(new Chat("hello"));
    a.bus.post(new Goal("blue", 90));

    // the subscriptions are served in turn by one dispatcher thread, in order of arrival
    assertEquals(new Card("Kahn", false), next(everything).message());
    assertEquals(new Chat("hello"), next(everything).message());
    assertEquals(new Goal("blue", 90), next(everything).message());
    assertEquals("herald.dev.herald.nats.Goal", Subjects.derived("herald", Goal.class));
  }

  @Test
  void aProcessDoesNotReceiveItsOwnExportsUnlessAsked() throws Exception {
    BlockingQueue<Delivered<Chat>> seenByA = a.record(Chat.class);
    a.start(a.bridge(server).exportType(Chat.class).importType(Chat.class));
    BlockingQueue<Delivered<Chat>> seenByB = b.record(Chat.class);
    b.start(b.bridge(server).exportType(Chat.class).importType(Chat.class).echo(true));

    a.bus.post(new Chat("from a"));
    b.bus.post(new Chat("from b"));

    // b: its own post locally, a's, and its own echo from NATS, in whatever order they came
    Map<String, Chat> byOrigin = new HashMap<>();
    for (int i = 0; i < 3; i++) {
      Delivered<Chat> delivered = next(seenByB);
      String origin = delivered.from() == null ? "local" : b.bridge.originOf(delivered.from());
      assertNull(byOrigin.put(origin, delivered.message()), origin + " twice");
    }
    assertEquals(
        Map.of(
            "local",
            new Chat("from b"),
            a.bridge.origin(),
            new Chat("from a"),
            b.bridge.origin(),
            new Chat("from b")),
        byOrigin);
    // a: its own post and b's; its own export never comes back
    Map<String, Chat> seenHere = new HashMap<>();
    for (int i = 0; i < 2; i++) {
      Delivered<Chat> delivered = next(seenByA);
      seenHere.put(
          delivered.from() == null ? "local" : a.bridge.originOf(delivered.from()),
          delivered.message());
    }
    assertEquals(
        Map.of("local", new Chat("from a"), b.bridge.origin(), new Chat("from b")), seenHere);
    // b sends this after it received a's message, so the server routed a's first: an echo of
    // a's own export would reach a before the marker
    b.bus.post(new Chat("marker"));
    assertEquals(new Chat("marker"), next(seenByA).message());
    assertTrue(seenByA.isEmpty(), seenByA.toString());
  }

  @Test
  void whatAHandlerPostsWhileHandlingAnImportIsExportedButNotTheImportItself() throws Exception {
    BlockingQueue<Delivered<Chat>> seenByA = a.record(Chat.class);
    a.start(a.bridge(server).exportType(Chat.class).importType(Chat.class));
    b.bus.subscribe(
        Chat.class,
        chat -> {
          if (chat.text().equals("ping")) {
            b.bus.post(new Chat("pong")); // on the importing thread, during the import
          }
        });
    b.start(b.bridge(server).exportType(Chat.class).importType(Chat.class));

    a.bus.post(new Chat("ping"));

    assertEquals(new Chat("ping"), next(seenByA).message()); // its own, locally
    Delivered<Chat> answer = next(seenByA);
    assertEquals(new Chat("pong"), answer.message());
    assertEquals(b.bridge.origin(), a.bridge.originOf(answer.from()));
    // b posts this after it answered: had b exported the ping it imported, a would have that
    // ping (after the pong, which b's handler posts before the exporter runs) before this
    b.bus.post(new Chat("marker"));
    assertEquals(new Chat("marker"), next(seenByA).message());
    assertTrue(seenByA.isEmpty(), seenByA.toString());
  }

  @Test
  void whatIsSentToARemoteAddressReachesThatProcessAlone() throws Exception {
    BlockingQueue<Delivered<Chat>> seenByA = a.record(Chat.class);
    a.start(a.bridge(server).origin("asker").exportType(Chat.class));
    try (Peer c = new Peer()) {
      BlockingQueue<Delivered<Chat>> seenByC = c.record(Chat.class);
      c.start(c.bridge(server).importType(Chat.class)); // hears a, but not what b sends to a
      Bridge.of(b.bus)
          .respond(
              Chat.class,
              (chat, envelope) -> {
                if (envelope.from() != null) {
                  b.bus.post(new Chat("re: " + chat.text()), Header.to(envelope.from()));
                }
                return List.of();
              });
      b.start(b.bridge(server).importType(Chat.class));

      a.bus.post(new Chat("ping"));

      assertEquals(new Chat("ping"), next(seenByA).message()); // its own, locally
      Delivered<Chat> reply = next(seenByA);
      assertEquals(new Chat("re: ping"), reply.message());
      assertEquals(b.bridge.origin(), a.bridge.originOf(reply.from()));
      assertEquals(new Chat("ping"), next(seenByC).message());
      // a sends this after b's reply reached it, so the server routed the reply first: had the
      // reply gone to everyone, c would see it before the marker
      a.bus.post(new Chat("marker"));
      assertEquals(new Chat("marker"), next(seenByC).message());
    }
  }

  static final class Scoreboard {
    @Subscribe
    ScoreReply score(ScoreQuery query) {
      return new ScoreReply(query.team(), query.team().length());
    }
  }

  @Test
  void aRequestIsAnsweredByHandlersInAnotherProcess() throws Exception {
    a.start(a.bridge(server).exportType(ScoreQuery.class));
    b.bus.register(new Scoreboard());
    b.start(b.bridge(server).importType(ScoreQuery.class));

    List<ScoreReply> replies = a.bus.request(new ScoreQuery("green"), ScoreReply.class);

    assertEquals(List.of(new ScoreReply("green", 5)), replies);
    assertTrue(a.errors.isEmpty(), a.errors.toString());
  }

  @Test
  void aRequestAnsweredForAnotherProcessIsNotRequestedAgain() throws Exception {
    a.start(
        a.bridge(server)
            .exportType(ScoreQuery.class)
            .importType(ScoreQuery.class)
            .requestTimeout(Duration.ofMillis(500)));
    b.bus.register(new Scoreboard());
    b.start(
        b.bridge(server)
            .exportType(ScoreQuery.class)
            .importType(ScoreQuery.class)
            .requestTimeout(Duration.ofMillis(500)));

    List<ScoreReply> replies = a.bus.request(new ScoreQuery("green"), ScoreReply.class);

    // had b's exporter sent the request it answers out again, a would have been asked by it
    // and, having no scoreboard, not answered: b's answer would have come after a's timeout
    assertEquals(List.of(new ScoreReply("green", 5)), replies);
    assertTrue(a.errors.isEmpty(), a.errors.toString());
    assertTrue(b.errors.isEmpty(), b.errors.toString());
  }

  @Test
  void aRequestNobodyAnswersInTimeIsReportedAndGetsTheLocalRepliesOnly() throws Exception {
    a.bus.register(new Scoreboard());
    a.start(a.bridge(server).exportType(ScoreQuery.class).requestTimeout(Duration.ofMillis(300)));
    b.start(b.bridge(server).importType(ScoreQuery.class)); // imports it, but has no handler

    List<ScoreReply> replies = a.bus.request(new ScoreQuery("red"), ScoreReply.class);

    assertEquals(List.of(new ScoreReply("red", 3)), replies);
    RequestTimeoutException timeout = a.nextError(RequestTimeoutException.class);
    assertEquals("herald.dev.herald.nats.ScoreQuery", timeout.subject());
  }

  @Test
  void aRequestNobodyImportsReturnsAtOnceWithoutError() throws Exception {
    a.start(a.bridge(server).exportType(ScoreQuery.class).requestTimeout(Duration.ofSeconds(30)));

    assertEquals(List.of(), a.bus.request(new ScoreQuery("nobody"), ScoreReply.class));
    assertTrue(a.errors.isEmpty(), a.errors.toString());
  }

  @Test
  void aMalformedPayloadIsATypedErrorAndTheBridgeGoesOn() throws Exception {
    a.start(a.bridge(server).exportType(Chat.class, "room"));
    BlockingQueue<Delivered<Chat>> chats = b.record(Chat.class);
    b.start(b.bridge(server).importType(Goal.class).importSubject("room"));
    try (Connection raw = Nats.connect(server.url())) {
      raw.publish("room.raw", new byte[] {(byte) 0xFF, 0x01, 0x7F});
      raw.publish("room.raw", new byte[] {0, 0, 1}); // a bridge's prelude, cut short
      // a valid frame, but of a Chat, on the subject imported for Goals
      raw.publish(
          Subjects.withOrigin(Subjects.derived("herald", Goal.class), "raw"),
          CodecRegistry.load().toBytes(new Chat("wrong")));
      raw.flush(Duration.ofSeconds(5));
    }

    MalformedPayloadException garbage = b.nextError(MalformedPayloadException.class);
    assertEquals("room", garbage.subject());
    MalformedPayloadException badPrelude = b.nextError(MalformedPayloadException.class);
    assertTrue(badPrelude.getMessage().contains("cut short"), badPrelude.getMessage());
    assertEquals("raw", badPrelude.origin());
    MalformedPayloadException wrongType = b.nextError(MalformedPayloadException.class);
    assertTrue(wrongType.getMessage().contains(Chat.class.getName()), wrongType.getMessage());
    a.bus.post(new Chat("still here"));
    assertEquals(new Chat("still here"), next(chats).message());
    assertTrue(chats.isEmpty(), chats.toString());
  }

  @Test
  void anUnreadableReplyIsReportedUnderTheRequestsSubject() throws Exception {
    a.start(a.bridge(server).exportType(ScoreQuery.class).requestTimeout(Duration.ofSeconds(30)));
    try (Connection raw = Nats.connect(server.url())) {
      // something other than a bridge answers, with bytes that are no frame
      raw.createDispatcher(
              request -> raw.publish(request.getReplyTo(), new byte[] {(byte) 0xFF, 0x01, 0x7F}))
          .subscribe(Subjects.fromAnyOrigin(Subjects.derived("herald", ScoreQuery.class)));
      raw.flush(Duration.ofSeconds(5));

      assertEquals(List.of(), a.bus.request(new ScoreQuery("red"), ScoreReply.class));
    }
    MalformedPayloadException unreadable = a.nextError(MalformedPayloadException.class);
    assertEquals(
        Subjects.derived("herald", ScoreQuery.class),
        unreadable.subject(),
        unreadable.getMessage());
    assertEquals(Prelude.UNKNOWN, unreadable.origin());
  }

  @Test
  void aConnectionWhoseDispatchersHandOffToAnExecutorIsRefused() throws Exception {
    // such a dispatcher runs one importer on several threads at once, out of order: numbers
    // would be taken for replays, and a durable message handed back for another's acknowledged
    io.nats.client.Options options =
        new io.nats.client.Options.Builder()
            .server(server.url())
            .useDispatcherWithExecutor()
            .build();
    try (Connection concurrent = Nats.connect(options)) {
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> NatsBridge.builder(b.bus).connection(concurrent));
      assertTrue(refused.getMessage().contains("useDispatcherWithExecutor"), refused.getMessage());
    }
  }

  @Test
  void badConfigurationsAreRefusedWithTheFix() {
    NatsBridge.Builder builder = a.bridge(server);
    IllegalArgumentException notWire =
        assertThrows(
            IllegalArgumentException.class, () -> builder.exportType(String.class).start());
    assertTrue(notWire.getMessage().contains("@Wire"), notWire.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> a.bridge(server).exportType(Chat.class, "a.*"));
    assertThrows(IllegalArgumentException.class, () -> a.bridge(server).importSubject("a..b"));
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> a.bridge(server).exportType(MatchEvent.class).exportType(Goal.class).start());
    assertTrue(twice.getMessage().contains("exported twice"), twice.getMessage());
    IllegalArgumentException noStream =
        assertThrows(
            IllegalArgumentException.class,
            () -> a.bridge(server).exportDurable(Goal.class).start());
    assertTrue(noStream.getMessage().contains("stream("), noStream.getMessage());
  }

  @Test
  void aBridgeWhoseConnectionTheProgramClosedFirstClosesQuietly() throws Exception {
    Connection connection = Nats.connect(server.url());
    NatsBridge bridge =
        NatsBridge.builder(a.bus).connection(connection).importType(Chat.class).start();
    connection.close();

    bridge.close();
    bridge.close();
  }
}
