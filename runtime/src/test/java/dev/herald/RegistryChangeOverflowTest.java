package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A chain of handlers that each change the bus's handlers (subscribe, then close) before posting
 * the next message: wherever in such a change the stack overflows, the change is whole or not made,
 * so the handlers of the changed class go on working after the chain's {@link
 * PostChainTooDeepException}. Half made, it once left a class's calls out of step with its
 * handlers, and every later registration for that class threw ArrayIndexOutOfBoundsException.
 */
class RegistryChangeOverflowTest {
  /** A small stack, so that each chain overflows quickly. */
  private static final long STACK_BYTES = 256 * 1024;

  /** Enough chains, each begun a frame deeper, for overflows to land at many points of a change. */
  private static final int CHAINS = 64;

  @Test
  void handlersChangedByAChainThatOverflowsKeepWorking() throws Exception {
    MessageBus bus = MessageBus.builder().errorHandler((error, context) -> {}).build();
    bus.subscribe(
        Event.class,
        event -> {
          bus.subscribe(Ping.class, ping -> {}).close();
          bus.post(new Event("again"));
        });

    for (int i = 0; i < CHAINS; i++) {
      int padding = i;
      Throwable thrown =
          SmallStack.run(STACK_BYTES, () -> below(padding, () -> bus.post(new Event("first"))));
      assertInstanceOf(PostChainTooDeepException.class, thrown, "chain " + i);

      AtomicInteger pings = new AtomicInteger();
      Registration counting = bus.subscribe(Ping.class, ping -> pings.incrementAndGet());
      assertEquals(1, bus.post(new Ping(i)), "after chain " + i);
      assertEquals(1, pings.get(), "after chain " + i);
      counting.close();
      assertEquals(0, bus.post(new Ping(i)), "after chain " + i);
    }
  }

  /**
   * Runs {@code task} {@code frames} calls further down the stack: each chain then overflows at
   * another point of the change.
   */
  private static void below(int frames, Runnable task) {
    if (frames == 0) {
      task.run();
    } else {
      below(frames - 1, task);
    }
  }
}
