package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.AccountingTest.ParkedReconnect;
import dev.herald.nats.NatsConnectionEvent.Kind;
import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import io.nats.client.Connection;
import io.nats.client.Nats;
import io.nats.client.Options;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Messages lost at the very end of a stream, with no later message to show the gap, are reported
 * from the sender's announcement of its last number, within the documented bound.
 */
@Timeout(90)
class TailLossTest {
  private static final int BEFORE = 100;
  private static final int TAIL = 50;

  @Test
  void aLossAtTheEndOfAStreamIsReportedFromTheSendersAnnouncement() throws Exception {
    ParkedReconnect parked = new ParkedReconnect();
    try (NatsServer server = NatsServer.startOwn();
        Connection receiving =
            Nats.connect(
                new Options.Builder()
                    .server(server.url())
                    .reconnectDelayHandler(parked)
                    .maxReconnects(-1)
                    .build());
        Peer receiver = new Peer();
        Peer sender = new Peer()) {
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      BlockingQueue<MessagesLost> gaps = new LinkedBlockingQueue<>();
      receiver.bus.subscribe(MessagesLost.class, gaps::add);
      CountDownLatch receiverBack = latchFor(receiver, Kind.RECONNECTED);
      receiver.start(NatsBridge.builder(receiver.bus).connection(receiving).importType(Tick.class));
      CountDownLatch senderDown = latchFor(sender, Kind.DISCONNECTED);
      CountDownLatch senderBack = latchFor(sender, Kind.RECONNECTED);
      sender.start(sender.bridge(server).origin("lobby-1").exportType(Tick.class));

      for (int i = 1; i <= BEFORE; i++) {
        sender.bus.post(new Tick(i));
      }
      for (int i = 1; i <= BEFORE; i++) {
        assertEquals(i, Peer.next(ticks).message().number());
      }
      server.stop();
      assertTrue(
          senderDown.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS), "the sender never noticed");
      assertTrue(
          parked.waiting.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS),
          "the receiver never tried");
      server.restart();
      assertTrue(
          senderBack.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS),
          "the sender never reconnected");
      for (int i = BEFORE + 1; i <= BEFORE + TAIL; i++) {
        sender.bus.post(new Tick(i)); // routed to nobody: the receiver is away
      }
      sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
      parked.release();
      assertTrue(
          receiverBack.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS),
          "the receiver never reconnected");

      // the bound: QUIET_LIMIT announcement intervals after the receiver is back
      long bound = Channel.QUIET_LIMIT * Peer.ANNOUNCE_INTERVAL.toMillis();
      MessagesLost gap =
          gaps.poll(
              bound + TimeUnit.SECONDS.toMillis(Peer.PATIENCE_SECONDS), TimeUnit.MILLISECONDS);
      assertTrue(gap != null, "the tail's loss was never reported");
      assertEquals(TAIL, gap.count());
      assertEquals("lobby-1", gap.origin());
      assertEquals("herald.dev.herald.nats.Tick", gap.subject());
      assertEquals(TAIL, receiver.bridge.lostCount());
      assertEquals(0, sender.bridge.droppedCount());
      assertTrue(ticks.isEmpty(), ticks.toString());
    }
  }

  private static CountDownLatch latchFor(Peer peer, Kind kind) {
    CountDownLatch latch = new CountDownLatch(1);
    peer.bus.subscribe(
        NatsConnectionEvent.class,
        event -> {
          if (event.kind() == kind) {
            latch.countDown();
          }
        });
    return latch;
  }
}
