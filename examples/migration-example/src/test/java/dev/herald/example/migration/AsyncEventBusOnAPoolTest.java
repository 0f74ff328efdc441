package dev.herald.example.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.example.migration.Messages.MailReceived;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * docs/MIGRATING.md's other mapping of Guava's {@code AsyncEventBus} on a pool: asynchronous
 * handlers on the same executor behave as Guava's do there. Different handlers run at the same
 * time; one handler's calls never overlap (Guava synchronizes a handler without
 * {@code @AllowConcurrentEvents}); {@code concurrent = true} ({@code @AllowConcurrentEvents}) lets
 * them overlap. Unlike Guava's, one handler's calls come in the order posted.
 */
class AsyncEventBusOnAPoolTest {
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private final MessageBus bus = MessageBus.builder().executor(pool).build();

  @AfterEach
  void stop() {
    bus.close();
    pool.shutdownNow();
  }

  /** Two handlers that each wait, in their first call, until the other is in its own. */
  static final class TwoHandlersThatMeet {
    final CyclicBarrier both = new CyclicBarrier(2);
    final CountDownLatch met = new CountDownLatch(2);

    @Subscribe(async = true)
    void index(MailReceived mail) throws Exception {
      both.await(30, TimeUnit.SECONDS);
      met.countDown();
    }

    @Subscribe(async = true)
    void archive(MailReceived mail) throws Exception {
      both.await(30, TimeUnit.SECONDS);
      met.countDown();
    }
  }

  /** One serial handler: counts how many of its calls are in at once, and keeps their order. */
  static final class SerialLog {
    final AtomicInteger inside = new AtomicInteger();
    final AtomicInteger mostInside = new AtomicInteger();
    final List<Integer> numbers = new ArrayList<>();
    final CountDownLatch done;

    SerialLog(int expected) {
      done = new CountDownLatch(expected);
    }

    @Subscribe(async = true)
    void on(MailReceived mail) {
      int now = inside.incrementAndGet();
      mostInside.accumulateAndGet(now, Math::max);
      numbers.add(mail.number()); // not thread-safe, and need not be
      inside.decrementAndGet();
      done.countDown();
    }
  }

  /** A concurrent handler whose first two calls wait for each other. */
  static final class ConcurrentPair {
    final CyclicBarrier two = new CyclicBarrier(2);
    final CountDownLatch met = new CountDownLatch(2);

    @Subscribe(async = true, concurrent = true)
    void on(MailReceived mail) throws Exception {
      two.await(30, TimeUnit.SECONDS);
      met.countDown();
    }
  }

  @Test
  void differentAsyncHandlersRunAtTheSameTimeAsGuavasDoOnAPool() throws Exception {
    TwoHandlersThatMeet listener = new TwoHandlersThatMeet();
    bus.register(listener);

    bus.post(new MailReceived(0, 0, false));

    assertTrue(listener.met.await(30, TimeUnit.SECONDS), "both handlers were in at once");
  }

  @Test
  void oneAsyncHandlersCallsNeverOverlapAndComeInTheOrderPosted() throws Exception {
    int posts = 5_000;
    SerialLog log = new SerialLog(posts);
    bus.register(log);

    for (int i = 0; i < posts; i++) {
      bus.post(new MailReceived(0, i, false));
    }

    assertTrue(log.done.await(60, TimeUnit.SECONDS));
    assertEquals(1, log.mostInside.get(), "one call at a time");
    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < posts; i++) {
      expected.add(i);
    }
    assertEquals(expected, log.numbers);
  }

  @Test
  void aConcurrentAsyncHandlersCallsOverlapAsWithAllowConcurrentEvents() throws Exception {
    ConcurrentPair pair = new ConcurrentPair();
    bus.register(pair);

    bus.post(new MailReceived(0, 0, false));
    bus.post(new MailReceived(0, 1, false));

    assertTrue(pair.met.await(30, TimeUnit.SECONDS), "two calls of one handler were in at once");
  }
}
