package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.NatsConnectionEvent.Kind;
import dev.herald.nats.Peer.Delivered;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The server dies in the middle of a stream and comes back: whatever was lost is reported,
 * exactly, by the sender (dropped from its full buffer) or the receiver (gaps), never silent.
 */
@Timeout(90)
class ServerRestartTest {
  private static final int BEFORE = 200;
  private static final int WHILE_DOWN = 200;
  private static final int AFTER = 200;
  private static final int TOTAL = BEFORE + WHILE_DOWN + AFTER;

  @Test
  void lossAcrossARestartIsReportedExactly() throws Exception {
    try (NatsServer server = NatsServer.startOwn(); Peer sender = new Peer(); Peer receiver = new Peer()) {
      CountDownLatch senderDown = latchFor(sender, Kind.DISCONNECTED);
      CountDownLatch senderBack = latchFor(sender, Kind.RECONNECTED);
      CountDownLatch receiverBack = latchFor(receiver, Kind.RECONNECTED);
      BlockingQueue<MessagesLost> gaps = new LinkedBlockingQueue<>();
      receiver.bus.subscribe(MessagesLost.class, gaps::add);
      // room for some of the messages sent while the server is down, not all
      sender.start(sender.bridge(server).exportType(Tick.class).publishBufferBytes(4096));
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      receiver.start(receiver.bridge(server).importType(Tick.class));

      int number = 0;
      while (number < BEFORE) {
        sender.bus.post(new Tick(++number));
      }
      next(ticks); // the stream is flowing
      server.stop();
      assertTrue(senderDown.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS), "the sender never noticed");
      while (number < BEFORE + WHILE_DOWN) {
        sender.bus.post(new Tick(++number)); // buffered until the buffer is full, then dropped
      }
      server.restart();
      assertTrue(senderBack.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS), "the sender never reconnected");
      assertTrue(receiverBack.await(Peer.PATIENCE_SECONDS, TimeUnit.SECONDS), "the receiver never reconnected");
      // RECONNECTED comes once the subscriptions are queued again, ahead of anything else: a
      // round trip then makes sure the server has them before the last messages are sent (a
      // loss at the very end would leave no later message to show the gap)
      receiver.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
      while (number < TOTAL) {
        sender.bus.post(new Tick(++number));
      }

      List<Integer> received = new ArrayList<>(List.of(1));
      for (int last = 1; last != TOTAL; ) {
        last = next(ticks).message().number();
        received.add(last);
      }
      long droppedBySender = sender.bridge.droppedCount();
      long lostOnTheWay = receiver.bridge.lostCount();
      assertEquals(TOTAL, received.size() + droppedBySender + lostOnTheWay,
          "received " + received.size() + ", dropped " + droppedBySender + ", lost " + lostOnTheWay);
      assertTrue(droppedBySender > 0, "the bound of the publish buffer was never reached");
      assertEquals(received.stream().sorted().distinct().toList(), received, "in order, none twice");
      long reportedGaps = 0;
      for (MessagesLost gap = gaps.poll(); gap != null; gap = gaps.poll()) {
        reportedGaps += gap.count();
      }
      assertEquals(lostOnTheWay, reportedGaps);
      // every failure was reported on the posting or the client's thread before we got here
      assertEquals(1, count(sender, ConnectionLostException.class));
      assertEquals(droppedBySender, count(sender, MessageDroppedException.class));
      assertEquals(1, count(receiver, ConnectionLostException.class));
    }
  }

  private static CountDownLatch latchFor(Peer peer, Kind kind) {
    CountDownLatch latch = new CountDownLatch(1);
    peer.bus.subscribe(NatsConnectionEvent.class, event -> {
      if (event.kind() == kind) {
        latch.countDown();
      }
    });
    return latch;
  }

  private static long count(Peer peer, Class<? extends Throwable> type) {
    return peer.errors.stream().filter(type::isInstance).count();
  }
}
