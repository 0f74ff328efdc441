package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Guava calls a handler from one thread at a time unless it allows concurrent events; Herald does
 * when asked: per handler, per listener, or for the whole bus (Guava's rule).
 */
class SerializedHandlersTest {
  private static final int POSTS_PER_THREAD = 200_000;

  /** Not thread-safe on purpose: lost updates show overlapping calls. */
  static final class Counter {
    int count;

    @Subscribe
    void on(Event event) {
      count++;
    }
  }

  static final class SerializedCounter {
    int count;

    @Subscribe(serialized = true)
    void on(Event event) {
      count++;
    }
  }

  /** Two handlers that share unguarded state. */
  static final class TwoHandlers {
    int count;

    @Subscribe
    void onEvent(Event event) {
      count++;
    }

    @Subscribe
    void onPing(Ping ping) {
      count++;
    }
  }

  /** Guava's @AllowConcurrentEvents: both posting threads must be inside at once. */
  static final class Concurrent {
    final CyclicBarrier bothInside = new CyclicBarrier(2);

    @Subscribe(concurrent = true)
    void on(Event event) throws Exception {
      bothInside.await(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void busWithGuavasRuleSerializesEveryHandler() throws Exception {
    MessageBus bus = TestBuses.rethrowingBuilder().serializedHandlers().build();
    Counter counter = new Counter();
    bus.register(counter);

    postFromTwoThreads(bus, new Event("a"), new Event("b"));

    assertEquals(2 * POSTS_PER_THREAD, counter.count);
  }

  @Test
  void serializedHandlerIsSerializedOnADefaultBus() throws Exception {
    MessageBus bus = TestBuses.rethrowing();
    SerializedCounter counter = new SerializedCounter();
    bus.register(counter);

    postFromTwoThreads(bus, new Event("a"), new Event("b"));

    assertEquals(2 * POSTS_PER_THREAD, counter.count);
  }

  @Test
  void serializedRegistrationSerializesAllTheListenersHandlersTogether() throws Exception {
    MessageBus bus = TestBuses.rethrowing();
    TwoHandlers listener = new TwoHandlers();
    bus.registration().serialized().register(listener);

    postFromTwoThreads(bus, new Event("a"), new Ping(1));

    assertEquals(2 * POSTS_PER_THREAD, listener.count);
  }

  @Test
  void concurrentHandlerIsExemptFromGuavasRule() throws Exception {
    MessageBus bus = TestBuses.rethrowingBuilder().serializedHandlers().build();
    Concurrent listener = new Concurrent();
    bus.register(listener);
    Thread other = new Thread(() -> bus.post(new Event("other")));
    other.start();

    // returns only if the other thread's call is inside the handler at the same time
    bus.post(new Event("mine"));
    other.join();

    assertEquals(0, listener.bothInside.getNumberWaiting());
  }

  private static void postFromTwoThreads(MessageBus bus, Object first, Object second)
      throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    Thread a = new Thread(() -> postMany(bus, first, start));
    Thread b = new Thread(() -> postMany(bus, second, start));
    a.start();
    b.start();
    start.countDown();
    a.join();
    b.join();
  }

  private static void postMany(MessageBus bus, Object message, CountDownLatch start) {
    try {
      start.await();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
    for (int i = 0; i < POSTS_PER_THREAD; i++) {
      bus.post(message);
    }
  }
}
