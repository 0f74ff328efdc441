package dev.herald.benchmarks;

import dev.herald.Signal;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.subjects.PublishSubject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Scenario 5, {@link Signal#emit} to 1 or 10 handlers, against the hand-written loop over a {@code
 * Consumer[]} and an RxJava {@code PublishSubject}. The handlers are method references to listeners
 * of classes A, B and C in turn (three lambda classes); with one handler, setup first runs the
 * benchmark method with three, so the call sites are megamorphic.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SignalBenchmark {

  @Param({"1", "10"})
  public int handlers;

  private Ping ping;
  private Consumer<Ping>[] loop;
  private Signal<Ping> signal;
  private PublishSubject<Ping> rxjava;

  @Setup
  public void setUp(BenchmarkParams params) {
    ping = new Ping();
    Consumer<Ping>[] three = consumers(3);
    Consumer<Ping>[] measured = consumers(handlers);
    Runnable run;
    switch (Peers.method(params)) {
      case "handLoop":
        loop = three;
        run = this::handLoop;
        break;
      case "signal":
        signal = new Signal<>();
        run = this::signal;
        break;
      case "rxjava":
        rxjava = Peers.rxjava();
        run = this::rxjava;
        break;
      default:
        throw new IllegalStateException("No setup for " + params.getBenchmark());
    }
    List<Disposable> warmUp = new ArrayList<>();
    for (Consumer<Ping> handler : three) {
      if (signal != null) {
        signal.add(handler);
      } else if (rxjava != null) {
        warmUp.add(rxjava.subscribe(handler::accept));
      }
    }
    for (int i = 0; i < Peers.WARM_UP_POSTS; i++) {
      run.run();
    }
    Peers.letCompilerFinish();
    if (signal != null) {
      signal.clear();
    }
    warmUp.forEach(Disposable::dispose);
    loop = measured;
    for (Consumer<Ping> handler : measured) {
      if (signal != null) {
        signal.add(handler);
      } else if (rxjava != null) {
        rxjava.subscribe(handler::accept);
      }
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Consumer<Ping>[] consumers(int count) {
    Consumer<Ping>[] consumers = new Consumer[count];
    for (int i = 0; i < count; i++) {
      switch (i % 3) {
        case 0:
          consumers[i] = new ListenerA()::onPing;
          break;
        case 1:
          consumers[i] = new ListenerB()::onPing;
          break;
        default:
          consumers[i] = new ListenerC()::onPing;
          break;
      }
    }
    return consumers;
  }

  @TearDown
  public void checkDelivered() {
    if (ping.hits == 0) {
      throw new IllegalStateException("No handler ran: the benchmark measured nothing");
    }
  }

  @Benchmark
  public void handLoop() {
    for (Consumer<Ping> handler : loop) {
      handler.accept(ping);
    }
  }

  @Benchmark
  public int signal() {
    return signal.emit(ping);
  }

  @Benchmark
  public void rxjava() {
    rxjava.onNext(ping);
  }
}
