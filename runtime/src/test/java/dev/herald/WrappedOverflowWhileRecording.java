package dev.herald;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The program {@link WrappedOverflowWhileRecordingTest} runs in a JVM that records from its start:
 * chains of nested posts whose handler wraps the stack overflow in an exception of its own, so that
 * the bus reports a handler failure with next to no stack left; then one ordinary handler failure.
 * It prints how many failures the error handler saw, and exits (the recording is dumped then).
 */
public final class WrappedOverflowWhileRecording {
  private static final int CHAINS = 10;

  private WrappedOverflowWhileRecording() {}

  public static void main(String[] args) {
    AtomicInteger failures = new AtomicInteger();
    MessageBus bus =
        MessageBus.builder().errorHandler((error, context) -> failures.incrementAndGet()).build();
    bus.subscribe(
        Event.class,
        event -> {
          try {
            bus.post(event);
          } catch (StackOverflowError overflow) {
            throw new IllegalStateException("the chain overflowed", overflow);
          }
        });
    bus.subscribe(
        Ping.class,
        ping -> {
          throw new IllegalArgumentException("an ordinary failure");
        });
    for (int i = 0; i < CHAINS; i++) {
      bus.post(new Event("again"));
    }
    int wrapped = failures.get();
    bus.post(new Ping(1));
    System.out.println("wrapped=" + wrapped + " ordinary=" + (failures.get() - wrapped));
  }
}
