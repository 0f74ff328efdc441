package dev.herald.benchmarks;

import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Stage;
import java.util.concurrent.TimeUnit;
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
 * Scheduling: a stage run that delivers nothing, with 0, 1,000 or 1,000,000 messages waiting for a
 * later frame (target: the three within 2 times of each other). {@link SchedulePumpBenchmark}
 * measures scheduling and delivering.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@State(Scope.Thread)
public class StageBenchmark {
  private static final Header FAR_AWAY =
      Header.builder().stage(Stage.UPDATE).delayFrames(1_000_000_000L).build();

  @Param({"0", "1000", "1000000"})
  public int pending;

  private MessageBus waiting;
  private Ping ping;

  @Setup
  public void setUp() {
    ping = new Ping();
    waiting = MessageBus.create();
    waiting.register(new ListenerA());
    for (int i = 0; i < pending; i++) {
      waiting.post(ping, FAR_AWAY);
    }
  }

  @TearDown
  public void check() {
    if (waiting.pendingCount() != pending) {
      throw new IllegalStateException("A message that was not due was delivered");
    }
  }

  /** A stage run with nothing due, however many messages wait for later. */
  @Benchmark
  public int runStageNothingDue() {
    return waiting.runStage(Stage.UPDATE);
  }
}
