package dev.herald;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a task on a thread with a small stack, so that a chain of nested posts overflows it quickly
 * whatever the JVM's default stack size.
 */
final class SmallStack {
  private SmallStack() {}

  /** Runs {@code task} on a thread of {@code bytes} of stack; returns what it threw, or null. */
  static Throwable run(long bytes, Runnable task) throws InterruptedException {
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread thread =
        new Thread(
            null,
            () -> {
              try {
                task.run();
              } catch (Throwable failure) {
                thrown.set(failure);
              }
            },
            "deep",
            bytes);
    thread.start();
    thread.join(TimeUnit.SECONDS.toMillis(60));
    assertFalse(thread.isAlive(), "the chain did not end");
    return thrown.get();
  }
}
