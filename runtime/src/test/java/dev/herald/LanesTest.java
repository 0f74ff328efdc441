package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Named lanes (greenrobot's MAIN_ORDERED): a UI-like thread fed from network threads, where every
 * handler of the lane must see the messages in one order, one at a time.
 */
class LanesTest {
  private static final int THREADS = 4;
  private static final int PER_THREAD = 2_500;

  private final ExecutorService uiThread = Executors.newSingleThreadExecutor();

  /** From one posting thread, numbered in the order that thread posted. */
  static final class Update {
    final int thread;
    final int number;

    Update(int thread, int number) {
      this.thread = thread;
      this.number = number;
    }
  }

  /** Two views of the lane that must agree; counts overlapping calls. */
  static final class Screen {
    final List<Update> table = new ArrayList<>();
    final List<Update> chart = new ArrayList<>();
    final List<Thread> threads = new ArrayList<>();
    final AtomicInteger inside = new AtomicInteger();
    volatile boolean overlapped;
    final CountDownLatch done = new CountDownLatch(2 * THREADS * PER_THREAD);

    @Subscribe(lane = "ui", priority = 1)
    void table(Update update) {
      enter();
      table.add(update);
      threads.add(Thread.currentThread());
      leave();
    }

    @Subscribe(lane = "ui")
    void chart(Update update) {
      enter();
      chart.add(update);
      leave();
    }

    private void enter() {
      overlapped |= inside.incrementAndGet() != 1;
    }

    private void leave() {
      inside.decrementAndGet();
      done.countDown();
    }
  }

  @AfterEach
  void stopTheUiThread() {
    uiThread.shutdownNow();
  }

  @Test
  void everyHandlerOfALaneSeesTheMessagesOfFourThreadsInOneOrderOneAtATime() throws Exception {
    MessageBus bus = TestBuses.rethrowingBuilder().lane("ui", uiThread).build();
    Screen screen = new Screen();
    bus.register(screen);
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> network = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      int thread = t;
      network.add(
          new Thread(
              () -> {
                awaitQuietly(start);
                for (int i = 0; i < PER_THREAD; i++) {
                  bus.post(new Update(thread, i));
                }
              }));
    }
    network.forEach(Thread::start);
    start.countDown();
    for (Thread thread : network) {
      thread.join();
    }

    assertTrue(screen.done.await(60, TimeUnit.SECONDS), "the lane delivered everything");
    assertEquals(THREADS * PER_THREAD, screen.table.size());
    assertEquals(screen.table, screen.chart, "both handlers saw one order");
    int[] next = new int[THREADS];
    for (Update update : screen.table) {
      assertEquals(next[update.thread]++, update.number, "each thread's posts in post order");
    }
    assertFalse(screen.overlapped, "one call at a time");
    assertTrue(screen.threads.stream().allMatch(t -> t == screen.threads.get(0)));
    assertFalse(network.contains(screen.threads.get(0)));
  }

  @Test
  void registrationOnALaneMovesALambdaThere() throws Exception {
    ManualExecutor ui = new ManualExecutor();
    MessageBus bus = TestBuses.rethrowingBuilder().lane("ui", ui).build();
    List<String> seen = new ArrayList<>();
    bus.registration().onLane("ui").subscribe(Event.class, event -> seen.add(event.toString()));

    assertEquals(1, bus.post(new Event("a")));
    bus.post(new Event("b"));
    assertEquals(List.of(), seen, "nothing runs on the posting thread");

    ui.runAll();
    assertEquals(List.of("a", "b"), seen);
  }

  @Test
  void callsTheLanesExecutorRefusesGoToTheErrorHandler() {
    List<Throwable> errors = new ArrayList<>();
    MessageBus bus =
        MessageBus.builder()
            .lane(
                "ui",
                task -> {
                  throw new java.util.concurrent.RejectedExecutionException("ui closed");
                })
            .errorHandler((error, context) -> errors.add(error))
            .build();
    bus.registration().onLane("ui").subscribe(Event.class, event -> {});

    bus.post(new Event("a"));

    assertEquals(1, errors.size());
    assertEquals("ui closed", errors.get(0).getMessage());
  }

  @Test
  void handlerOnALaneTheBusDoesNotHaveIsRejectedAtRegistration() {
    MessageBus bus = MessageBus.create();
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> bus.register(new Screen()));
    assertTrue(error.getMessage().contains("lane(\"ui\", executor)"), error.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> MessageBus.builder().lane("ui", uiThread).lane("ui", uiThread));
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
