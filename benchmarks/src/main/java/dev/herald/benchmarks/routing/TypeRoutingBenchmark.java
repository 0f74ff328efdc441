package dev.herald.benchmarks.routing;

import com.google.common.eventbus.EventBus;
import com.squareup.otto.Bus;
import dev.herald.MessageBus;
import dev.herald.benchmarks.Peers;
import dev.herald.benchmarks.routing.RoutingMessages.Depth3;
import dev.herald.benchmarks.routing.RoutingMessages.Flat00;
import io.reactivex.rxjava3.disposables.CompositeDisposable;
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
 * Scenario 2, type routing: a bus with handlers for 50 message types (five listener classes
 * of ten handlers), posting a leaf type at hierarchy depth 0 ({@code Flat00}, directly below
 * {@code Object}) or depth 3 ({@code Depth3}, whose supertypes include the interface
 * {@code Routed}). Either post runs exactly one handler. Before measuring, setup posts every
 * one of the 50 types through the benchmark method, so every route exists and the call sites
 * have seen all five listener classes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TypeRoutingBenchmark {

  @Param({"0", "3"})
  public int depth;

  private Object message;
  private Object[] listeners;

  private MessageBus herald;
  private EventBus guava;
  private org.greenrobot.eventbus.EventBus greenrobot;
  private org.greenrobot.eventbus.EventBus greenrobotNoInheritance;
  private MBassador<Object> mbassador;
  private Bus otto;
  private PublishSubject<Object> rxjava;
  private CompositeDisposable rxSubscriptions;

  @Setup
  public void setUp(BenchmarkParams params) {
    RoutingListenerA a = new RoutingListenerA();
    RoutingListenerB b = new RoutingListenerB();
    RoutingListenerC c = new RoutingListenerC();
    RoutingListenerD d = new RoutingListenerD();
    RoutingListenerE e = new RoutingListenerE();
    listeners = new Object[] {a, b, c, d, e};
    Runnable post;
    switch (Peers.method(params)) {
      case "herald":
        herald = Peers.herald();
        post = this::herald;
        break;
      case "guava":
        guava = Peers.guava();
        post = this::guava;
        break;
      case "greenrobot":
        greenrobot = Peers.greenrobot();
        post = this::greenrobot;
        break;
      case "greenrobotNoInheritance":
        greenrobotNoInheritance = Peers.greenrobotNoInheritance();
        post = this::greenrobotNoInheritance;
        break;
      case "mbassador":
        mbassador = Peers.mbassador();
        post = this::mbassador;
        break;
      case "otto":
        otto = Peers.otto();
        post = this::otto;
        break;
      case "rxjava":
        rxjava = Peers.rxjava();
        rxSubscriptions = RxRouting.subscribe(rxjava, a, b, c, d, e);
        post = this::rxjava;
        break;
      default:
        throw new IllegalStateException("No setup for " + params.getBenchmark());
    }
    Object bus = busInUse();
    if (bus != rxjava) {
      Peers.registerAll(bus, listeners);
    }
    Object[] all = AllMessages.create();
    for (int i = 0; i < Peers.WARM_UP_POSTS; i++) {
      message = all[i % all.length];
      post.run();
    }
    Peers.letCompilerFinish();
    message = depth == 0 ? new Flat00() : new Depth3();
  }

  private Object busInUse() {
    Object[] buses = {herald, guava, greenrobot, greenrobotNoInheritance, mbassador, otto, rxjava};
    for (Object bus : buses) {
      if (bus != null) {
        return bus;
      }
    }
    throw new IllegalStateException();
  }

  @TearDown
  public void checkDelivered() {
    long hits = message instanceof Flat00 ? ((Flat00) message).hits : ((Depth3) message).hits;
    if (hits == 0) {
      throw new IllegalStateException("No handler ran: the benchmark measured nothing");
    }
    if (mbassador != null) {
      mbassador.shutdown();
    }
    if (rxSubscriptions != null) {
      rxSubscriptions.dispose();
    }
  }

  @Benchmark
  public int herald() {
    return herald.post(message);
  }

  @Benchmark
  public void guava() {
    guava.post(message);
  }

  @Benchmark
  public void greenrobot() {
    greenrobot.post(message);
  }

  @Benchmark
  public void greenrobotNoInheritance() {
    greenrobotNoInheritance.post(message);
  }

  @Benchmark
  public void mbassador() {
    mbassador.publish(message);
  }

  @Benchmark
  public void otto() {
    otto.post(message);
  }

  @Benchmark
  public void rxjava() {
    rxjava.onNext(message);
  }
}
