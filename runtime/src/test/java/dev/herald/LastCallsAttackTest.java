package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.herald.annotation.Subscribe;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The last plain post's calls kept per thread ({@link LastCalls}) with more threads than slots, so
 * that threads share slots, each thread posting several classes: rules 3, 4 and 7 of docs/DESIGN.md
 * hold whichever slot a thread's post reads, on platform and virtual threads.
 */
class LastCallsAttackTest {
  private static final int THREADS = 40; // more than the 16 slots: ids collide
  private static final int ROUNDS = 30;

  static final class A {
    final long epoch;

    A(long epoch) {
      this.epoch = epoch;
    }
  }

  static final class B {
    final long epoch;

    B(long epoch) {
      this.epoch = epoch;
    }
  }

  static final class C {}

  /** Counts the calls of each class. */
  static final class Counter {
    final AtomicInteger a = new AtomicInteger();
    final AtomicInteger b = new AtomicInteger();

    @Subscribe
    void on(A message) {
      a.incrementAndGet();
    }

    @Subscribe
    void on(B message) {
      b.incrementAndGet();
    }
  }

  /** Counts posts that began after it was unregistered and still reached it. */
  static final class Churner {
    final AtomicLong violations;
    volatile long closedInEpoch = Long.MAX_VALUE;

    Churner(AtomicLong violations) {
      this.violations = violations;
    }

    @Subscribe
    void on(A message) {
      check(message.epoch);
    }

    @Subscribe
    void on(B message) {
      check(message.epoch);
    }

    private void check(long epoch) {
      if (epoch >= closedInEpoch) {
        violations.incrementAndGet();
      }
    }
  }

  /** A listener for C only: posting C between A and B replaces each slot's calls. */
  static final class OnC {
    @Subscribe
    void on(C message) {}
  }

  /**
   * In rounds: a listener is registered, then every thread posts A, C and B once; each post reaches
   * it (a handler added is seen by the next post on every thread, whatever its slot last kept);
   * then it is unregistered and every thread posts again: none reaches it.
   */
  @Test
  void everyThreadSeesEachRegistrationAndUnregistrationAtItsNextPost() throws Exception {
    try (Pool pool = new Pool(Executors.newFixedThreadPool(THREADS))) {
      rounds(pool.threads);
    }
  }

  /** The same on virtual threads, whose ids are large and new for each. */
  @Test
  void onVirtualThreadsToo() throws Exception {
    ExecutorService virtual = virtualThreads();
    assumeTrue(virtual != null, "no virtual threads before JDK 21");
    try (Pool pool = new Pool(virtual)) {
      rounds(pool.threads);
    }
  }

  private static void rounds(ExecutorService threads) throws Exception {
    MessageBus bus = TestBuses.rethrowing();
    bus.register(new OnC());
    CyclicBarrier[] barriers = new CyclicBarrier[4 * ROUNDS];
    for (int i = 0; i < barriers.length; i++) {
      barriers[i] = new CyclicBarrier(THREADS + 1);
    }
    List<Future<?>> work = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      work.add(
          threads.submit(
              () -> {
                for (int r = 0; r < ROUNDS; r++) {
                  barriers[4 * r].await(1, TimeUnit.MINUTES); // registered
                  bus.post(new A(0));
                  bus.post(new C());
                  bus.post(new B(0));
                  barriers[4 * r + 1].await(1, TimeUnit.MINUTES);
                  barriers[4 * r + 2].await(1, TimeUnit.MINUTES); // unregistered
                  bus.post(new B(0));
                  bus.post(new C());
                  bus.post(new A(0));
                  barriers[4 * r + 3].await(1, TimeUnit.MINUTES);
                }
                return null;
              }));
    }
    for (int r = 0; r < ROUNDS; r++) {
      Counter counter = new Counter();
      bus.register(counter);
      barriers[4 * r].await(1, TimeUnit.MINUTES);
      barriers[4 * r + 1].await(1, TimeUnit.MINUTES);
      assertEquals(THREADS, counter.a.get(), "round " + r + ": posts of A that reached it");
      assertEquals(THREADS, counter.b.get(), "round " + r + ": posts of B that reached it");
      assertTrue(bus.unregister(counter));
      barriers[4 * r + 2].await(1, TimeUnit.MINUTES);
      barriers[4 * r + 3].await(1, TimeUnit.MINUTES);
      assertEquals(THREADS, counter.a.get(), "round " + r + ": A after unregister");
      assertEquals(THREADS, counter.b.get(), "round " + r + ": B after unregister");
    }
    for (Future<?> future : work) {
      future.get(1, TimeUnit.MINUTES);
    }
  }

  /**
   * Posters on many threads (ids colliding in slots) alternate classes while churners register and
   * unregister: no post that began after an unregistration returned reaches that listener.
   */
  @Test
  void churnAcrossSharedSlotsNeverReachesAnUnregisteredListener() throws Exception {
    MessageBus bus = TestBuses.rethrowing();
    bus.register(new OnC());
    AtomicLong epoch = new AtomicLong();
    AtomicLong violations = new AtomicLong();
    int churners = 2;
    CyclicBarrier start = new CyclicBarrier(THREADS + churners);
    try (Pool pool = new Pool(Executors.newFixedThreadPool(THREADS + churners))) {
      List<Future<?>> work = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        work.add(
            pool.threads.submit(
                () -> {
                  start.await(1, TimeUnit.MINUTES);
                  for (int i = 0; i < 2_000; i++) {
                    bus.post(new A(epoch.get()));
                    if (i % 3 == 0) {
                      bus.post(new C());
                    }
                    bus.post(new B(epoch.get()));
                  }
                  return null;
                }));
      }
      for (int c = 0; c < churners; c++) {
        work.add(
            pool.threads.submit(
                () -> {
                  start.await(1, TimeUnit.MINUTES);
                  for (int i = 0; i < 2_000; i++) {
                    Churner churner = new Churner(violations);
                    bus.register(churner);
                    bus.unregister(churner);
                    churner.closedInEpoch = epoch.incrementAndGet();
                  }
                  return null;
                }));
      }
      for (Future<?> future : work) {
        future.get(2, TimeUnit.MINUTES);
      }
    }
    assertEquals(0, violations.get(), "posts begun after unregister returned reached the churner");
  }

  /**
   * Rule 4: a listener that posts on 40 threads at once reached, each thread's slot keeping its
   * calls, is collectable once unregistered while those threads live on and post nothing more.
   */
  @Test
  void anUnregisteredListenerIsCollectableWhileThreadsThatReachedItLiveOn() throws Exception {
    GarbageCollection.assumeExplicitGcWorks();
    MessageBus bus = TestBuses.rethrowing();
    CyclicBarrier posted = new CyclicBarrier(THREADS + 1);
    CyclicBarrier done = new CyclicBarrier(THREADS + 1);
    try (Pool pool = new Pool(Executors.newFixedThreadPool(THREADS))) {
      WeakReference<Counter> listener = registerAndPostOnAll(bus, pool.threads, posted);
      assertTrue(
          GarbageCollection.collectUntil(() -> listener.get() == null),
          "the bus still holds an unregistered listener that posts on live threads reached");
      for (int t = 0; t < THREADS; t++) {
        pool.threads.submit(() -> done.await(1, TimeUnit.MINUTES));
      }
      done.await(1, TimeUnit.MINUTES);
    }
  }

  private static WeakReference<Counter> registerAndPostOnAll(
      MessageBus bus, ExecutorService threads, CyclicBarrier posted) throws Exception {
    Counter counter = new Counter();
    bus.register(counter);
    for (int t = 0; t < THREADS; t++) {
      threads.submit(
          () -> {
            bus.post(new A(0));
            posted.await(1, TimeUnit.MINUTES); // every thread busy at once: 40 distinct threads
            return null;
          });
    }
    posted.await(1, TimeUnit.MINUTES);
    assertEquals(THREADS, counter.a.get());
    assertTrue(bus.unregister(counter));
    return new WeakReference<>(counter);
  }

  /**
   * Rule 4 for a listener registered weakly: once nobody holds it, the calls that posts on many
   * threads kept for it (a slot each) do not keep it alive, though no thread posts again.
   */
  @Test
  void aWeaklyRegisteredListenerReachedOnManyThreadsIsCollectedOnceDropped() throws Exception {
    GarbageCollection.assumeExplicitGcWorks();
    MessageBus bus = TestBuses.rethrowing();
    WeakReference<Counter> listener = registerWeaklyAndPostOnThreads(bus);
    assertTrue(
        GarbageCollection.collectUntil(() -> listener.get() == null),
        "the calls kept for the last posts hold a weakly registered listener");
  }

  private static WeakReference<Counter> registerWeaklyAndPostOnThreads(MessageBus bus)
      throws InterruptedException {
    Counter counter = new Counter();
    bus.registerWeakly(counter);
    for (int i = 0; i < THREADS; i++) { // one after another, each its own thread and id
      Thread poster = new Thread(() -> bus.post(new A(0)));
      poster.start();
      poster.join();
    }
    assertEquals(THREADS, counter.a.get());
    return new WeakReference<>(counter);
  }

  /** JDK 21's virtual-thread executor, looked up since the code compiles for JDK 17; or null. */
  private static ExecutorService virtualThreads() {
    try {
      return (ExecutorService)
          Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }

  /** Shuts its threads down at the end of a test. */
  private static final class Pool implements AutoCloseable {
    final ExecutorService threads;

    Pool(ExecutorService threads) {
      this.threads = threads;
    }

    @Override
    public void close() throws InterruptedException {
      threads.shutdownNow();
      threads.awaitTermination(1, TimeUnit.MINUTES);
    }
  }
}
