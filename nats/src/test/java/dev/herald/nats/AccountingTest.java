package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.NatsConnectionEvent.Kind;
import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import io.nats.client.Connection;
import io.nats.client.Nats;
import io.nats.client.Options;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Everything one origin sends across two restarts of its process, a restart of the server in the
 * middle of a run and a loss at the very end of a run is accounted for at the receiver, exactly:
 * received, plus reported dropped by the senders, plus reported lost, is what was sent.
 */
@Timeout(120)
class AccountingTest {
  private static final int PER_RUN = 300;

  /** The receiver's bound on learning of a tail loss, with room for a loaded machine. */
  private static final long TAIL_PATIENCE_MILLIS =
      Channel.QUIET_LIMIT * Peer.ANNOUNCE_INTERVAL.toMillis()
          + TimeUnit.SECONDS.toMillis(Peer.PATIENCE_SECONDS);

  @Test
  void everyMessageIsReceivedOrReportedAcrossRestartsOfSenderAndServerAndATailLoss()
      throws Exception {
    ParkedReconnect parked = new ParkedReconnect();
    try (NatsServer server = NatsServer.startOwn();
        Connection receiving =
            Nats.connect(
                new Options.Builder()
                    .server(server.url())
                    .reconnectDelayHandler(parked)
                    .maxReconnects(-1)
                    .build());
        Peer receiver = new Peer()) {
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      AtomicLong reportedLost = new AtomicLong();
      CountDownLatch tailReported = new CountDownLatch(1);
      receiver.bus.subscribe(
          MessagesLost.class,
          gap -> {
            reportedLost.addAndGet(gap.count());
            tailReported.countDown();
          });
      CountDownLatch receiverBack = latchFor(receiver, Kind.RECONNECTED);
      receiver.start(NatsBridge.builder(receiver.bus).connection(receiving).importType(Tick.class));
      List<Integer> received = new ArrayList<>();
      long dropped = 0;
      int number = 0;

      // run 1: heard in full
      try (Peer sender = new Peer()) {
        sender.start(sender.bridge(server).origin("lobby-1").exportType(Tick.class));
        number = send(sender, number, PER_RUN);
        awaitReceived(ticks, received, number);
        dropped += sender.bridge.droppedCount();
      }

      // run 2: the server dies in the middle; the sender is back first and sends its last
      // messages while the receiver is still away: nothing later on the subject shows the gap
      try (Peer sender = new Peer()) {
        CountDownLatch senderDown = latchFor(sender, Kind.DISCONNECTED);
        CountDownLatch senderBack = latchFor(sender, Kind.RECONNECTED);
        sender.start(sender.bridge(server).origin("lobby-1").exportType(Tick.class));
        number = send(sender, number, PER_RUN / 2);
        awaitReceived(ticks, received, number);
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
        number = send(sender, number, PER_RUN / 2); // the tail: routed to nobody
        sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
        parked.release();
        assertTrue(
            receiverBack.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS),
            "the receiver never reconnected");
        assertTrue(
            tailReported.await(TAIL_PATIENCE_MILLIS, TimeUnit.MILLISECONDS),
            "the tail's loss was not reported within "
                + TAIL_PATIENCE_MILLIS
                + " ms: received "
                + received.size()
                + " of "
                + number);
        dropped += sender.bridge.droppedCount();
      }

      // run 3: heard in full again
      try (Peer sender = new Peer()) {
        sender.start(sender.bridge(server).origin("lobby-1").exportType(Tick.class));
        number = send(sender, number, PER_RUN);
        awaitReceived(ticks, received, number);
        dropped += sender.bridge.droppedCount();
      }

      assertEquals(
          number,
          received.size() + dropped + receiver.bridge.lostCount(),
          "received "
              + received.size()
              + ", dropped "
              + dropped
              + ", lost "
              + receiver.bridge.lostCount());
      assertEquals(receiver.bridge.lostCount(), reportedLost.get());
      assertEquals(
          received.stream().sorted().distinct().toList(), received, "in order, none twice");
    }
  }

  private static int send(Peer sender, int number, int count) throws Exception {
    for (int i = 0; i < count; i++) {
      sender.bus.post(new Tick(++number));
    }
    sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    return number;
  }

  /** Takes what arrives until message {@code last} is here. */
  private static void awaitReceived(
      BlockingQueue<Delivered<Tick>> ticks, List<Integer> received, int last)
      throws InterruptedException {
    for (int number = 0; number != last; ) {
      number = Peer.next(ticks).message().number();
      received.add(number);
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

  /**
   * Holds a client's reconnection until the test releases it, so that the receiver is away exactly
   * while the sender sends its last messages.
   */
  static final class ParkedReconnect implements io.nats.client.ReconnectDelayHandler {
    final CountDownLatch waiting = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    @Override
    public Duration getWaitTime(long totalTries) {
      waiting.countDown();
      try {
        released.await(Peer.PATIENCE_SECONDS * 4, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return Duration.ZERO;
    }

    void release() {
      released.countDown();
    }
  }
}
