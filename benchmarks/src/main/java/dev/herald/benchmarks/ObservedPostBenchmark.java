package dev.herald.benchmarks;

import dev.herald.MessageBus;
import dev.herald.micrometer.MessageBusMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What seeing the bus costs a plain post to three handlers, each setting in a JVM of its own (JMH
 * forks per parameter), so one run compares them:
 *
 * <ul>
 *   <li>{@code plain}: a bus built as usual, no recording;
 *   <li>{@code metricsBound}: the same with {@link MessageBusMetrics} bound to a registry;
 *   <li>{@code postEventsNoRecording}: a bus built with {@code postEvents(true)}, the Flight
 *       Recorder never started;
 *   <li>{@code postEventsDisabled}: the same while a recording runs that records Herald's other
 *       events but not {@code dev.herald.Post};
 *   <li>{@code recordingWithoutPostEvents}: a bus built as usual while that recording runs.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ObservedPostBenchmark {
  @Param({
    "plain",
    "metricsBound",
    "postEventsNoRecording",
    "postEventsDisabled",
    "recordingWithoutPostEvents"
  })
  public String setting;

  private MessageBus bus;
  private Ping ping;
  private Recording recording;
  private SimpleMeterRegistry registry;

  @Setup
  public void setUp() {
    boolean postEvents = setting.startsWith("postEvents");
    bus = MessageBus.builder().postEvents(postEvents).build();
    ping = new Ping();
    bus.register(new ListenerA());
    bus.register(new ListenerB());
    bus.register(new ListenerC());
    if (setting.equals("metricsBound")) {
      registry = new SimpleMeterRegistry();
      new MessageBusMetrics(bus).bindTo(registry);
    }
    if (setting.equals("postEventsDisabled") || setting.equals("recordingWithoutPostEvents")) {
      recording = new Recording();
      recording.enable("dev.herald.DeadMessage");
      recording.enable("dev.herald.HandlerFailure");
      recording.disable("dev.herald.Post");
      recording.start();
    }
  }

  @TearDown
  public void tearDown() {
    if (ping.hits == 0) {
      throw new IllegalStateException("No handler ran: the benchmark measured nothing");
    }
    if (recording != null) {
      recording.close();
    }
    if (registry != null && registry.getMeters().isEmpty()) {
      throw new IllegalStateException("The binder registered no meter");
    }
    bus.close();
  }

  @Benchmark
  public int post() {
    return bus.post(ping);
  }
}
