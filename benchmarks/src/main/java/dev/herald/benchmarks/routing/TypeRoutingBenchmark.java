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
 * Scenario 2, type routing: a bus with handlers for 50 message types (five listener classes of ten
 * handlers), posting a leaf type at hierarchy depth 0 ({@code Flat00}, directly below {@code
 * Object}) or depth 3 ({@code Depth3}, whose supertypes include the interface {@code Routed}), or
 * ({@code mixed}) each of the 50 types in turn, so that no bus can rely on the last type posted.
 * Every post runs exactly one handler. Each operation takes its message from a 50-slot array with a
 * cursor, the same work for every parameter and bus. Before measuring, setup posts every one of the
 * 50 types through the benchmark method, so every route exists and the call sites have seen all
 * five listener classes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TypeRoutingBenchmark {

  @Param({"0", "3", "mixed"})
  public String depth;

  private Object[] messages;
  private int cursor;
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
    messages = AllMessages.create();
    for (int i = 0; i < Peers.WARM_UP_POSTS; i++) {
      post.run();
    }
    Peers.letCompilerFinish();
    if (!depth.equals("mixed")) {
      Object only = depth.equals("0") ? new Flat00() : new Depth3();
      java.util.Arrays.fill(messages, only);
    }
  }

  /** The message of this operation. */
  private Object next() {
    int at = cursor + 1;
    if (at == messages.length) {
      at = 0;
    }
    cursor = at;
    return messages[at];
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
    Object first = messages[0];
    long hits = first instanceof Flat00 ? ((Flat00) first).hits : ((Depth3) first).hits;
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
    return herald.post(next());
  }

  @Benchmark
  public void guava() {
    guava.post(next());
  }

  @Benchmark
  public void greenrobot() {
    greenrobot.post(next());
  }

  @Benchmark
  public void greenrobotNoInheritance() {
    greenrobotNoInheritance.post(next());
  }

  @Benchmark
  public void mbassador() {
    mbassador.publish(next());
  }

  @Benchmark
  public void otto() {
    otto.post(next());
  }

  @Benchmark
  public void rxjava() {
    rxjava.onNext(next());
  }
}
