package dev.herald.benchmarks;

import com.google.common.eventbus.EventBus;
import com.squareup.otto.Bus;
import dev.herald.MessageBus;
import io.reactivex.rxjava3.subjects.PublishSubject;
import java.util.concurrent.TimeUnit;
import net.engio.mbassy.bus.MBassador;
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
 * Scenario 1, fan-out: one message posted to 0, 1, 10 or 100 subscribers of one message type, the
 * subscribers of classes A, B and C in turn. The baseline is a hand-written loop over a {@code
 * PingListener[]}; {@link DirectCallBenchmark} is the single interface call.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class FanOutBenchmark {

  @Param({"0", "1", "10", "100"})
  public int subscribers;

  private Ping ping;
  private PingListener[] listeners;

  private PingListener[] loop;
  private MessageBus herald;
  private EventBus guava;
  private org.greenrobot.eventbus.EventBus greenrobot;
  private org.greenrobot.eventbus.EventBus greenrobotNoInheritance;
  private MBassador<Object> mbassador;
  private Bus otto;
  private PublishSubject<Ping> rxjava;

  @Setup
  public void setUp(BenchmarkParams params) {
    ping = new Ping();
    listeners = Listeners.mixed(subscribers);
    switch (Peers.method(params)) {
      case "handLoop":
        loop = Listeners.mixed(3);
        for (int i = 0; i < Peers.WARM_UP_POSTS; i++) {
          handLoop();
        }
        Peers.letCompilerFinish();
        loop = listeners;
        break;
      case "herald":
        herald = Peers.herald();
        prepare(herald, this::herald);
        break;
      case "guava":
        guava = Peers.guava();
        prepare(guava, this::guava);
        break;
      case "greenrobot":
        greenrobot = Peers.greenrobot();
        prepare(greenrobot, this::greenrobot);
        break;
      case "greenrobotNoInheritance":
        greenrobotNoInheritance = Peers.greenrobotNoInheritance();
        prepare(greenrobotNoInheritance, this::greenrobotNoInheritance);
        break;
      case "mbassador":
        mbassador = Peers.mbassador();
        prepare(mbassador, this::mbassador);
        break;
      case "otto":
        otto = Peers.otto();
        prepare(otto, this::otto);
        break;
      case "rxjava":
        rxjava = Peers.rxjava();
        prepare(rxjava, this::rxjava);
        break;
      default:
        throw new IllegalStateException("No setup for " + params.getBenchmark());
    }
  }

  private void prepare(Object bus, Runnable post) {
    Peers.warmUpMegamorphic(bus, post);
    Peers.registerAll(bus, listeners);
  }

  @TearDown
  public void checkDelivered() {
    if (subscribers > 0 && ping.hits == 0) {
      throw new IllegalStateException("No handler ran: the benchmark measured nothing");
    }
    if (mbassador != null) {
      mbassador.shutdown();
    }
  }

  @Benchmark
  public void handLoop() {
    for (PingListener listener : loop) {
      listener.onPing(ping);
    }
  }

  /**
   * {@code void}, as every other method here: a program that posts rarely reads the count, and
   * returning it would charge Herald alone JMH's cost of consuming a value. What the handlers did
   * is checked in {@link #checkDelivered}.
   */
  @Benchmark
  public void herald() {
    herald.post(ping);
  }

  @Benchmark
  public void guava() {
    guava.post(ping);
  }

  @Benchmark
  public void greenrobot() {
    greenrobot.post(ping);
  }

  @Benchmark
  public void greenrobotNoInheritance() {
    greenrobotNoInheritance.post(ping);
  }

  @Benchmark
  public void mbassador() {
    mbassador.publish(ping);
  }

  @Benchmark
  public void otto() {
    otto.post(ping);
  }

  @Benchmark
  public void rxjava() {
    rxjava.onNext(ping);
  }
}
