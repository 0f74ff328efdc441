package dev.herald;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import jdk.jfr.Recording;

/**
 * Run in a JVM of its own by {@link OverflowUnderRecordingTest}: a recording started after the bus
 * was built, then post chains that overflow thread stacks of the sizes given as arguments, several
 * at once. Prints one line per thread: what its poster got, then whether an exception can still be
 * made on a fresh thread.
 */
public final class OverflowUnderRecordingProgram {
  private OverflowUnderRecordingProgram() {}

  /** Posts every Event it receives again, for ever. */
  static final class Echo {
    final MessageBus bus;

    Echo(MessageBus bus) {
      this.bus = bus;
    }

    @Subscribe
    void on(Event event) {
      bus.post(event);
    }
  }

  public static void main(String[] args) throws Exception {
    MessageBus bus = MessageBus.builder().build();
    bus.register(new Echo(bus));
    try (Recording recording = new Recording()) {
      recording.enable("jdk.JavaExceptionThrow");
      if (!Boolean.getBoolean("noRecording")) {
        recording.start();
      }
      List<Thread> threads = new ArrayList<>();
      List<AtomicReference<String>> got = new ArrayList<>();
      for (String size : args) {
        AtomicReference<String> outcome = new AtomicReference<>("nothing thrown");
        got.add(outcome);
        threads.add(
            new Thread(
                null,
                () -> {
                  try {
                    bus.post(new Event("again"));
                  } catch (Throwable thrown) {
                    outcome.set(thrown.getClass().getSimpleName());
                  }
                },
                "deep-" + size,
                Long.parseLong(size) * 1024));
      }
      for (Thread thread : threads) {
        thread.start();
      }
      for (Thread thread : threads) {
        thread.join(60_000);
        if (thread.isAlive()) {
          System.out.println("STUCK " + thread.getName());
          System.out.flush();
          Runtime.getRuntime().halt(3);
        }
      }
      for (int i = 0; i < args.length; i++) {
        System.out.println("POSTER " + args[i] + " " + got.get(i).get());
      }
      AtomicReference<String> fresh = new AtomicReference<>("no exception made");
      Thread other =
          new Thread(
              () -> {
                try {
                  fresh.set("made " + new RuntimeException("fresh").getMessage());
                } catch (Throwable failed) {
                  fresh.set("failed " + failed.getClass().getSimpleName());
                }
              });
      other.start();
      other.join(60_000);
      System.out.println("AFTER " + fresh.get());
      List<Object> received = new ArrayList<>();
      bus.subscribe(TestMessages.Ping.class, received::add);
      bus.post(new TestMessages.Ping(1));
      System.out.println("BUS " + received.size());
    }
  }
}
