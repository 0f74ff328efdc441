package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A process that stops and starts again under the same origin is a new sender to those that hear
 * it: its numbers start again, and neither a running importer nor a JetStream stream takes them for
 * old ones.
 */
@Timeout(120)
class SenderRestartTest {
  private static final int PER_RUN = 1_000;
  private static final int RUNS = 3;
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

  @Test
  void anExporterRestartedWithTheSameOriginIsHeardInFull() throws Exception {
    try (Peer receiver = new Peer()) {
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      receiver.start(receiver.bridge(server).importType(Tick.class));
      int number = 0;
      List<Integer> received = new ArrayList<>();
      for (int run = 1; run <= RUNS; run++) {
        try (Peer sender = new Peer()) {
          sender.start(sender.bridge(server).origin("lobby-1").exportType(Tick.class));
          for (int i = 0; i < PER_RUN; i++) {
            sender.bus.post(new Tick(++number));
          }
          sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
        }
        // each run's messages are all here before the next run starts: its last one came
        for (int last = 0; last != number; ) {
          last = next(ticks).message().number();
          received.add(last);
        }
      }
      assertEquals(
          RUNS * PER_RUN,
          received.size(),
          "received, of "
              + RUNS * PER_RUN
              + " sent; "
              + receiver.bridge.lostCount()
              + " reported lost");
      assertEquals(0, receiver.bridge.lostCount());
      assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
    }
  }

  @Test
  void aDurableExporterRestartedWithTheSameOriginHasEveryMessageStoredOnce() throws Exception {
    String subject = "restarts.durable";
    try (Peer receiver = new Peer()) {
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      receiver.start(receiver.bridge(server).stream("RESTARTS").importDurable(subject, "restarts"));
      int number = 0;
      for (int run = 1; run <= 2; run++) {
        try (Peer sender = new Peer()) {
          sender.start(
              sender.bridge(server).origin("match").stream("RESTARTS")
                  .exportDurable(Tick.class, subject));
          for (int i = 0; i < PER_RUN / 2; i++) {
            sender.bus.post(new Tick(++number));
          }
          assertEquals(0, sender.bridge.droppedCount());
        }
      }
      try (Connection raw = Nats.connect(server.url())) {
        long stored =
            raw.jetStreamManagement().getStreamInfo("RESTARTS").getStreamState().getMsgCount();
        assertEquals(number, stored, "stored, of " + number + " published");
      }
      for (int i = 1; i <= number; i++) {
        assertEquals(i, next(ticks).message().number());
      }
      assertEquals(0, receiver.bridge.lostCount());
      assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
    }
  }
}
