package dev.herald.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The baseline of the one-subscriber case: a direct interface call on one listener. Before
 * measuring, the same call site is run with receivers of all three listener classes, so it is a
 * real (megamorphic) interface call, as it would be in a program, not an inlined one.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class DirectCallBenchmark {
  private Ping ping;
  private PingListener listener;

  @Setup
  public void setUp() {
    ping = new Ping();
    PingListener[] three = Listeners.mixed(3);
    for (int i = 0; i < Peers.WARM_UP_POSTS; i++) {
      listener = three[i % 3];
      directCall();
    }
    Peers.letCompilerFinish();
    listener = three[0];
  }

  @Benchmark
  public void directCall() {
    listener.onPing(ping);
  }
}
