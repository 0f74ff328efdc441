package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.ErrorListener;
import io.nats.client.Nats;
import io.nats.client.Options;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An origin is a claim anyone can make, unless the server binds it to a user: here each of two
 * users may publish only on subjects whose second token is its own origin, and the server refuses
 * the one that poses as the other.
 */
@Timeout(60)
class PermissionsTest {
  private static final String CONFIGURATION =
      """
      authorization {
        users = [
          {user: lobby1, password: one, permissions: {
              publish: ["herald.lobby-1.>", "_HERALD.lobby-1.>", "_INBOX.>"], subscribe: [">"]}}
          {user: lobby2, password: two, permissions: {
              publish: ["herald.lobby-2.>", "_HERALD.lobby-2.>", "_INBOX.>"], subscribe: [">"]}}
        ]
      }
      """;

  @Test
  void theServerRefusesAUserThatPosesAsAnotherOrigin() throws Exception {
    BlockingQueue<String> refusals = new LinkedBlockingQueue<>();
    try (NatsServer server = NatsServer.startOwn(CONFIGURATION);
        Peer lobby1 = new Peer();
        Peer lobby2 = new Peer();
        Connection forger =
            Nats.connect(
                new Options.Builder()
                    .server(server.url("lobby2", "two"))
                    .errorListener(
                        new ErrorListener() {
                          @Override
                          public void errorOccurred(Connection connection, String error) {
                            refusals.add(error);
                          }
                        })
                    .build())) {
      BlockingQueue<Delivered<Chat>> chats = lobby1.record(Chat.class);
      lobby1.start(
          NatsBridge.builder(lobby1.bus)
              .server(server.url("lobby1", "one"))
              .origin("lobby-1")
              .importType(Chat.class));
      lobby2.start(
          NatsBridge.builder(lobby2.bus)
              .server(server.url("lobby2", "two"))
              .origin("lobby-2")
              .exportType(Chat.class));

      // lobby2's user publishes, as a raw client, what lobby-1's bridge would
      String posing = Subjects.withOrigin(Subjects.derived("herald", Chat.class), "lobby-1");
      forger.publish(posing, Prelude.write(CodecRegistry.load(), 1, 0, new Chat("I am lobby-1")));
      String refusal = refusals.poll(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS);
      assertTrue(
          refusal != null && refusal.contains("Permissions Violation") && refusal.contains(posing),
          "the server did not refuse the forgery: " + refusal);

      // the server answered the forgery before it read this: had it routed the forgery, lobby-1
      // would have had it first
      lobby2.bus.post(new Chat("I am lobby-2"));
      Delivered<Chat> chat = next(chats);
      assertEquals(new Chat("I am lobby-2"), chat.message());
      assertEquals("lobby-2", lobby1.bridge.originOf(chat.from()));
      assertTrue(lobby1.errors.isEmpty(), lobby1.errors.toString());
    }
  }

  @Test
  void aBridgeThatClaimsAnOriginItsUserMayNotUseIsToldSo() throws Exception {
    try (NatsServer server = NatsServer.startOwn(CONFIGURATION);
        Peer impostor = new Peer()) {
      impostor.start(
          NatsBridge.builder(impostor.bus)
              .server(server.url("lobby2", "two"))
              .origin("lobby-1")
              .exportType(Chat.class));

      impostor.bus.post(new Chat("I am lobby-1"));
      impostor.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));

      PublishRefusedException refused = impostor.nextError(PublishRefusedException.class);
      assertEquals(
          Subjects.withOrigin(Subjects.derived("herald", Chat.class), "lobby-1"),
          refused.subject());
    }
  }
}
