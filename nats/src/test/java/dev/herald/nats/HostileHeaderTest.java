package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A publisher that anyone may be sends a message whose headers do not start with the NATS version
 * line. The server passes them on as they are; the NATS client's reading thread throws on them and
 * ends, while the connection still says it is connected, so nothing more is read on it. The bridge
 * finds it out by its pings, the client connects again, and what went missing meanwhile is reported
 * lost.
 */
@Timeout(120)
class HostileHeaderTest {
  private static NatsServer server;
  private final Peer receiver = new Peer();
  private final Peer sender = new Peer();

  @BeforeAll
  static void startServer() throws Exception {
    server = NatsServer.startOwn();
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
  void headersTheClientCannotReadCostTheConnectionForAMomentAndNoMessageInSilence()
      throws Exception {
    BlockingQueue<NatsConnectionEvent> changes = new LinkedBlockingQueue<>();
    receiver.bus.subscribe(NatsConnectionEvent.class, changes::add);
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).origin("reader").importSubject("room.chat"));
    sender.start(sender.bridge(server).origin("legit").exportType(Chat.class, "room.chat"));
    sender.bus.post(new Chat("before"));
    assertEquals(new Chat("before"), next(chats).message());

    URI uri = URI.create(server.url());
    try (Socket hostile = new Socket("127.0.0.1", uri.getPort())) {
      OutputStream out = hostile.getOutputStream();
      byte[] headers = "XXXX\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
      out.write(
          ("CONNECT {\"verbose\":false,\"headers\":true,\"protocol\":1}\r\n"
                  + "HPUB room.evil.chat "
                  + headers.length
                  + " "
                  + (headers.length + 1)
                  + "\r\nXXXX\r\n\r\n!\r\nPING\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      hostile.getInputStream().read(); // the server answered: it routed the message before
    }
    sender.bus.post(new Chat("while the reader is gone"));
    sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));

    awaitChange(changes, NatsConnectionEvent.Kind.DISCONNECTED);
    awaitChange(changes, NatsConnectionEvent.Kind.RECONNECTED);
    // the reconnected reader's subscriptions reach the server before this round trip ends; a
    // message published before them would find no subscriber (reported later as lost, not here)
    receiver.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    sender.bus.post(new Chat("after"));
    Chat last;
    do {
      last = next(chats).message();
    } while (!last.equals(new Chat("after")));
    NatsBridgeCounters counters = receiver.bridge.counters();
    assertEquals(3, counters.received() + counters.lost(), "each message arrived or was reported");
  }

  private static void awaitChange(
      BlockingQueue<NatsConnectionEvent> changes, NatsConnectionEvent.Kind kind)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Peer.PATIENCE_SECONDS);
    for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
      NatsConnectionEvent change = changes.poll(left, TimeUnit.NANOSECONDS);
      if (change != null && change.kind() == kind) {
        return;
      }
    }
    throw new AssertionError("no " + kind + " within " + Peer.PATIENCE_SECONDS + " s");
  }
}
