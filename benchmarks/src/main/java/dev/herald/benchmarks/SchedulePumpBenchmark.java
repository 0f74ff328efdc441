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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Scheduling: per message, the cost of queueing it for the next UPDATE and delivering it in that
 * run to three handlers (classes A, B and C), 1,000 messages a run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SchedulePumpBenchmark {
  private static final int BATCH = 1_000;
  private static final Header NEXT_UPDATE = Header.builder().stage(Stage.UPDATE).build();

  private MessageBus bus;
  private Ping ping;

  @Setup
  public void setUp() {
    ping = new Ping();
    bus = MessageBus.create();
    bus.register(new ListenerA());
    bus.register(new ListenerB());
    bus.register(new ListenerC());
  }

  @TearDown
  public void checkDelivered() {
    if (ping.hits == 0 || bus.pendingCount() != 0) {
      throw new IllegalStateException("Messages were not delivered");
    }
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int scheduleThenDeliver() {
    for (int i = 0; i < BATCH; i++) {
      bus.post(ping, NEXT_UPDATE);
    }
    return bus.runStage(Stage.UPDATE);
  }
}
