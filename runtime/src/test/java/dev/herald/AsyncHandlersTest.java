package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md rule 17, {@code @Subscribe(async = true)}: the executor, no overlap, failures. No
 * sleeps: latches.
 */
class AsyncHandlersTest {
  private static final long WAIT_SECONDS = 30;

  static final class ThreadRecorder {
    final AtomicReference<Thread> ranOn = new AtomicReference<>();
    final CountDownLatch done = new CountDownLatch(1);

    @Subscribe(async = true)
    void on(Event event) {
      ranOn.set(Thread.currentThread());
      done.countDown();
    }
  }

  /**
   * Counts how many calls are inside at once; the first call stays inside until released, so that
   * every later post happens while it runs.
   */
  static final class OverlapMeter {
    final AtomicInteger inside = new AtomicInteger();
    final AtomicInteger mostInside = new AtomicInteger();
    final AtomicInteger calls = new AtomicInteger();
    final CountDownLatch firstInside = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final CountDownLatch done;

    OverlapMeter(int expected) {
      done = new CountDownLatch(expected);
    }

    @Subscribe(async = true)
    void on(Ping ping) throws InterruptedException {
      int now = inside.incrementAndGet();
      mostInside.accumulateAndGet(now, Math::max);
      if (ping.number < 0) {
        firstInside.countDown();
        release.await(WAIT_SECONDS, TimeUnit.SECONDS);
      }
      calls.incrementAndGet();
      inside.decrementAndGet();
      done.countDown();
    }
  }

  /** Hands tasks to a pool, counting them. */
  static final class CountingExecutor implements Executor {
    final Executor pool;
    final AtomicInteger tasks = new AtomicInteger();

    CountingExecutor(Executor pool) {
      this.pool = pool;
    }

    @Override
    public void execute(Runnable task) {
      tasks.incrementAndGet();
      pool.execute(task);
    }
  }

  /** Two calls can only pass the barrier together, so it trips only if calls overlap. */
  static final class Rendezvous {
    final CyclicBarrier both = new CyclicBarrier(2);
    final CountDownLatch done = new CountDownLatch(2);

    @Subscribe(async = true, concurrent = true)
    void on(Ping ping) throws InterruptedException, BrokenBarrierException, TimeoutException {
      both.await(WAIT_SECONDS, TimeUnit.SECONDS);
      done.countDown();
    }
  }

  static final class Failing {
    @Subscribe(async = true)
    void on(Event event) {
      throw new IllegalStateException("async failure");
    }
  }

  static final class Recorder {
    final List<String> log = new ArrayList<>();

    @Subscribe(async = true)
    void on(Event event) {
      log.add(event.name);
    }
  }

  @Test
  void anAsyncHandlerRunsOnTheExecutorNotThePostingThread() throws InterruptedException {
    MessageBus bus = MessageBus.create();
    ThreadRecorder recorder = new ThreadRecorder();
    bus.register(recorder);

    assertEquals(1, bus.post(new Event("e")));

    assertTrue(recorder.done.await(WAIT_SECONDS, TimeUnit.SECONDS));
    assertNotSame(Thread.currentThread(), recorder.ranOn.get());
    assertTrue(recorder.ranOn.get().isDaemon(), "the default executor must not keep the JVM alive");
    assertTrue(recorder.ranOn.get().getName().startsWith("herald-async-"));
    bus.close();
  }

  @Test
  void callsToANonConcurrentHandlerNeverOverlap() throws InterruptedException {
    int posts = 10_000;
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      CountingExecutor executor = new CountingExecutor(pool);
      MessageBus bus = MessageBus.builder().executor(executor).build();
      OverlapMeter meter = new OverlapMeter(posts + 1);
      bus.register(meter);
      bus.post(new Ping(-1));
      assertTrue(meter.firstInside.await(WAIT_SECONDS, TimeUnit.SECONDS));
      Thread[] posters = new Thread[2];
      for (int t = 0; t < posters.length; t++) {
        posters[t] =
            new Thread(
                () -> {
                  for (int i = 0; i < posts / 2; i++) {
                    bus.post(new Ping(i));
                  }
                });
        posters[t].start();
      }
      for (Thread poster : posters) {
        poster.join();
      }

      // Every post ran while the first call was inside: none may have started another task
      // for this handler, which on a pool of 4 could overlap it.
      assertEquals(
          1, executor.tasks.get(), "tasks handed to the executor while the first call ran");
      meter.release.countDown();
      assertTrue(meter.done.await(WAIT_SECONDS, TimeUnit.SECONDS));
      assertEquals(posts + 1, meter.calls.get());
      assertEquals(1, meter.mostInside.get());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void callsToAConcurrentHandlerMayOverlap() throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      MessageBus bus = MessageBus.builder().executor(pool).build();
      Rendezvous rendezvous = new Rendezvous();
      bus.register(rendezvous);

      bus.post(new Ping(1));
      bus.post(new Ping(2));

      assertTrue(
          rendezvous.done.await(WAIT_SECONDS, TimeUnit.SECONDS), "the two calls never overlapped");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void exceptionsOfAsyncHandlersGoToTheErrorHandler() throws InterruptedException {
    CountDownLatch reported = new CountDownLatch(1);
    AtomicReference<Throwable> error = new AtomicReference<>();
    AtomicReference<ErrorContext> context = new AtomicReference<>();
    MessageBus bus =
        MessageBus.builder()
            .errorHandler(
                (failure, where) -> {
                  error.set(failure);
                  context.set(where);
                  reported.countDown();
                })
            .build();
    Failing failing = new Failing();
    bus.register(failing);

    bus.post(new Event("e"));

    assertTrue(reported.await(WAIT_SECONDS, TimeUnit.SECONDS));
    assertEquals("async failure", error.get().getMessage());
    assertSame(failing, context.get().listener());
    bus.close();
  }

  @Test
  void aHandlerUnregisteredBeforeItsCallRunsIsNotCalled() {
    ManualExecutor executor = new ManualExecutor();
    MessageBus bus = MessageBus.builder().executor(executor).build();
    Recorder recorder = new Recorder();
    Registration registration = bus.register(recorder);

    bus.post(new Event("queued"));
    registration.close();
    executor.runAll();

    assertTrue(recorder.log.isEmpty());
  }

  @Test
  void callsRunInPostOrder() {
    ManualExecutor executor = new ManualExecutor();
    MessageBus bus = MessageBus.builder().executor(executor).build();
    Recorder recorder = new Recorder();
    bus.register(recorder);

    for (int i = 0; i < 5; i++) {
      bus.post(new Event("m" + i));
    }
    assertEquals(1, executor.queued(), "one drain task for the handler's calls");
    executor.runAll();

    assertEquals(List.of("m0", "m1", "m2", "m3", "m4"), recorder.log);
  }

  /** A serial asynchronous handler whose call for "overflow" dies of a StackOverflowError. */
  static final class Overflowing {
    final List<String> log = new ArrayList<>();

    @Subscribe(async = true)
    void on(Event event) {
      if (event.name.equals("overflow")) {
        throw new StackOverflowError("simulated");
      }
      log.add(event.name);
    }
  }

  @Test
  void callsQueuedBehindAVirtualMachineErrorStillRunWithoutALaterPost() {
    ManualExecutor executor = new ManualExecutor();
    MessageBus bus = MessageBus.builder().executor(executor).build();
    Overflowing handler = new Overflowing();
    bus.register(handler);
    bus.post(new Event("overflow"));
    bus.post(new Event("after-1"));
    bus.post(new Event("after-2"));
    assertEquals(1, executor.queued(), "one drain task for the handler's calls");

    // the error propagates out of the executor's task, as a VirtualMachineError must
    assertThrows(StackOverflowError.class, executor::runOne);

    // and the calls behind it were handed to the executor again, not left to wait
    assertEquals(1, executor.queued(), "a new drain task for the calls behind the error");
    executor.runAll();
    assertEquals(List.of("after-1", "after-2"), handler.log);
    assertEquals(
        0,
        bus.shutdown(QueuedMessages.DELIVER, java.time.Duration.ofSeconds(1)).unfinishedAsync(),
        "every call finished: none counted as still running");
  }

  @Test
  void whenTheExecutorRefusesEveryWaitingCallIsReportedNoneStranded() throws Exception {
    CountDownLatch firstExecuteEntered = new CountDownLatch(1);
    CountDownLatch secondQueued = new CountDownLatch(1);
    AtomicInteger executes = new AtomicInteger();
    java.util.concurrent.Executor refusing =
        task -> {
          if (executes.incrementAndGet() == 1) {
            firstExecuteEntered.countDown();
            try {
              secondQueued.await(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          throw new java.util.concurrent.RejectedExecutionException("full");
        };
    List<Throwable> reports = java.util.Collections.synchronizedList(new ArrayList<>());
    MessageBus bus =
        MessageBus.builder()
            .executor(refusing)
            .errorHandler((error, context) -> reports.add(error))
            .build();
    Recorder recorder = new Recorder();
    bus.register(recorder);

    Thread first = new Thread(() -> bus.post(new Event("1")));
    first.start();
    assertTrue(firstExecuteEntered.await(WAIT_SECONDS, TimeUnit.SECONDS));
    bus.post(new Event("2")); // queued behind the launch that is about to be refused
    secondQueued.countDown();
    first.join();

    assertEquals(2, reports.size());
    assertEquals(
        0, bus.shutdown(QueuedMessages.DELIVER, java.time.Duration.ZERO).unfinishedAsync());
    assertTrue(recorder.log.isEmpty());
  }
}
