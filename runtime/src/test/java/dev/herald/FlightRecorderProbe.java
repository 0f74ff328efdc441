package dev.herald;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import jdk.jfr.Recording;

/**
 * Run in a JVM of its own by {@link FlightRecorderStartupTest}: takes every rare path that records
 * a Flight Recorder event (a handler failure, a dead message, a send nobody received that required
 * a receiver, a shutdown), prints {@link #RECORDING}, starts a recording, and takes one again. The
 * test reads which classes the JVM loaded before and after the line.
 */
final class FlightRecorderProbe {
  static final String RECORDING = "herald-probe: recording starts";
  static final String DONE = "herald-probe: done";

  static final class Failing {
    @Subscribe
    void on(Event event) {
      throw new IllegalStateException("expected by the probe");
    }
  }

  private FlightRecorderProbe() {}

  public static void main(String[] args) throws Exception {
    MessageBus bus = MessageBus.builder().errorHandler((error, context) -> {}).build();
    bus.register(new Failing());
    bus.post(new Event("fails"));
    bus.post(new Ping(1));
    bus.post(new Ping(2), Header.builder().requireReceiver().build());
    bus.shutdown(QueuedMessages.DELIVER, java.time.Duration.ofSeconds(1));

    System.out.println(RECORDING);
    System.out.flush();
    try (Recording recording = new Recording()) {
      recording.enable("dev.herald.DeadMessage");
      recording.start();
      MessageBus recorded = MessageBus.create();
      recorded.post(new Ping(3));
      recording.stop();
    }
    System.out.println(DONE);
  }
}
