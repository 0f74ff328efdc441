package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One sender on ever new subjects under a wildcard import: the importer keeps the numbering of at
 * most {@link Numberings#LIMIT} subjects, and a message on a forgotten subject is neither a false
 * loss nor dropped, while a remembered one still shows its gaps.
 */
@Timeout(120)
class WildcardMemoryTest {
  private static final int SUBJECTS = Numberings.LIMIT + 500;

  @Test
  void numberingsUnderAWildcardAreBoundedAndForgettingMisreadsNothing() throws Exception {
    CodecRegistry codecs = CodecRegistry.load();
    long run = Prelude.incarnation(System.currentTimeMillis(), 11);
    try (NatsServer server = NatsServer.start();
        Peer receiver = new Peer();
        Connection raw = Nats.connect(server.url())) {
      BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
      receiver.start(receiver.bridge(server).importSubject("adv.wild.>"));
      for (int i = 0; i < SUBJECTS; i++) {
        raw.publish(subject(i), Prelude.write(codecs, run, 1, new Tick(i)));
      }
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
      for (int i = 0; i < SUBJECTS; i++) {
        assertEquals(i, next(ticks).message().number());
      }
      assertEquals(Numberings.LIMIT, receiver.bridge.core.numberings.size());

      // the first subject was forgotten: its message 5 is a new start, not 3 lost
      raw.publish(subject(0), Prelude.write(codecs, run, 5, new Tick(-5)));
      // the last was not: its message 3 shows that 2 was lost
      raw.publish(subject(SUBJECTS - 1), Prelude.write(codecs, run, 3, new Tick(-3)));
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));

      assertEquals(-5, next(ticks).message().number());
      assertEquals(-3, next(ticks).message().number());
      assertEquals(1, receiver.bridge.lostCount());
      assertEquals(1, receiver.nextError(MessagesLostException.class).count());
      assertTrue(receiver.bridge.core.numberings.size() <= Numberings.LIMIT);
    }
  }

  private static String subject(int i) {
    return "adv.raw.wild.s" + i;
  }
}
