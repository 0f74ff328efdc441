package dev.herald;

import dev.herald.annotation.Subscribe;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The program {@link OverflowWhileRecordingTest} runs in a JVM of its own: chains of nested posts
 * that overflow the stack, again and again, before and while a recording that {@code jcmd} started
 * runs. It says {@code ready} once the JIT has compiled the chain, waits for {@code go} (the
 * recording has started), overflows again, and prints one {@code result} line; then it waits until
 * it is told to exit or is terminated.
 */
public final class OverflowWhileRecording {
  private static final int CHAINS_BEFORE = 20;
  private static final int CHAINS_WHILE_RECORDING = 20;

  /** Posts every message it receives again, from its handler: a chain with no end. */
  static final class Echo {
    final MessageBus bus;

    Echo(MessageBus bus) {
      this.bus = bus;
    }

    @Subscribe
    void on(TestMessages.Event event) {
      bus.post(event);
    }
  }

  private OverflowWhileRecording() {}

  public static void main(String[] args) throws Exception {
    MessageBus bus = MessageBus.builder().errorHandler((error, context) -> {}).build();
    bus.register(new Echo(bus));
    BufferedReader commands =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));

    String before = overflow(bus, CHAINS_BEFORE);
    System.out.println("ready " + before);
    System.out.flush();
    if (!"go".equals(commands.readLine())) {
      return;
    }
    String during = overflow(bus, CHAINS_WHILE_RECORDING);
    System.out.println(
        "result "
            + during
            + " counted="
            + bus.statistics().postChainsTooDeep()
            + " elsewhere="
            + exceptionOnAnotherThread());
    System.out.flush();
    commands.readLine(); // "exit", or the end of input; the test may terminate the JVM instead
  }

  /** Overflows {@code chains} times; says what the poster got, or what it got instead. */
  private static String overflow(MessageBus bus, int chains) {
    for (int i = 0; i < chains; i++) {
      try {
        bus.post(new TestMessages.Event("again"));
        return "returned";
      } catch (PostChainTooDeepException expected) {
        // the chain was stopped as it should be; the next one
      } catch (Throwable other) {
        return other.getClass().getName();
      }
    }
    return "stopped";
  }

  /** What parsing a number that is not one throws on a fresh thread: NumberFormatException. */
  private static String exceptionOnAnotherThread() throws InterruptedException {
    AtomicReference<String> thrown = new AtomicReference<>("nothing");
    Thread thread =
        new Thread(
            () -> {
              try {
                Integer.parseInt("not a number");
              } catch (Throwable failure) {
                thrown.set(failure.getClass().getName());
              }
            });
    thread.start();
    thread.join();
    return thrown.get();
  }
}
