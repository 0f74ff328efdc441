package dev.herald.benchmarks;

import com.google.common.eventbus.EventBus;
import com.squareup.otto.Bus;
import dev.herald.MessageBus;
import dev.herald.benchmarks.routing.RoutingListenerA;
import dev.herald.benchmarks.routing.RoutingListenerB;
import dev.herald.benchmarks.routing.RoutingListenerC;
import dev.herald.benchmarks.routing.RoutingListenerD;
import dev.herald.benchmarks.routing.RoutingListenerE;
import dev.herald.benchmarks.routing.RoutingMessages.*;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.functions.Consumer;
import io.reactivex.rxjava3.subjects.PublishSubject;
import java.util.ArrayList;
import java.util.List;
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
 * Scenario 3, registration: register and then unregister one listener with 1 handler ({@link
 * OneHandler}, on {@link Ping}) or 10 handlers ({@link TenHandlers}, on ten routed types), in the
 * steady state: the bus already holds 10 {@code Ping} subscribers and the 50 handlers of the
 * routing scenario, and every message type has been posted, so each registration joins existing
 * routes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class RegisterBenchmark {

  @Param({"1", "10"})
  public int handlers;

  private Object listener;
  private final List<Object> residents = new ArrayList<>();

  private MessageBus herald;
  private EventBus guava;
  private org.greenrobot.eventbus.EventBus greenrobot;
  private MBassador<Object> mbassador;
  private Bus otto;
  private PublishSubject<Object> rxjava;
  private Consumer<Object> rxHandler;
  private List<Class<?>> rxTypes;
  private List<Consumer<Object>> rxHandlers;
  private Disposable[] rxSubscriptions;

  @Setup
  public void setUp(BenchmarkParams params) {
    listener = handlers == 1 ? new OneHandler() : new TenHandlers();
    Object bus;
    switch (Peers.method(params)) {
      case "herald":
        bus = herald = Peers.herald();
        break;
      case "guava":
        bus = guava = Peers.guava();
        break;
      case "greenrobot":
        bus = greenrobot = Peers.greenrobot();
        break;
      case "mbassador":
        bus = mbassador = Peers.mbassador();
        break;
      case "otto":
        bus = otto = Peers.otto();
        break;
      case "rxjava":
        setUpRx();
        return;
      default:
        throw new IllegalStateException("No setup for " + params.getBenchmark());
    }
    for (PingListener resident : Listeners.mixed(10)) {
      residents.add(resident);
    }
    residents.add(new RoutingListenerA());
    residents.add(new RoutingListenerB());
    residents.add(new RoutingListenerC());
    residents.add(new RoutingListenerD());
    residents.add(new RoutingListenerE());
    for (Object resident : residents) {
      Peers.register(bus, resident);
    }
    Peers.register(bus, listener);
    postEveryType(bus);
    Peers.unregister(bus, listener);
  }

  private void setUpRx() {
    rxjava = Peers.rxjava();
    TenHandlers ten = new TenHandlers();
    OneHandler one = new OneHandler();
    rxHandler = message -> one.onPing((Ping) message);
    rxTypes =
        List.of(
            Flat00.class,
            Flat01.class,
            Flat02.class,
            Flat03.class,
            Flat04.class,
            Flat05.class,
            Flat06.class,
            Flat07.class,
            Flat08.class,
            Flat09.class);
    rxHandlers =
        List.of(
            m -> ten.onFlat00((Flat00) m), m -> ten.onFlat01((Flat01) m),
            m -> ten.onFlat02((Flat02) m), m -> ten.onFlat03((Flat03) m),
            m -> ten.onFlat04((Flat04) m), m -> ten.onFlat05((Flat05) m),
            m -> ten.onFlat06((Flat06) m), m -> ten.onFlat07((Flat07) m),
            m -> ten.onFlat08((Flat08) m), m -> ten.onFlat09((Flat09) m));
    rxSubscriptions = new Disposable[10];
    for (PingListener resident : Listeners.mixed(10)) {
      residents.add(rxjava.ofType(Ping.class).subscribe(resident::onPing));
    }
  }

  private static void postEveryType(Object bus) {
    Object[] messages = {
      new Ping(),
      new Flat00(),
      new Flat01(),
      new Flat02(),
      new Flat03(),
      new Flat04(),
      new Flat05(),
      new Flat06(),
      new Flat07(),
      new Flat08(),
      new Flat09()
    };
    for (Object message : messages) {
      if (bus instanceof MessageBus) {
        ((MessageBus) bus).post(message);
      } else if (bus instanceof EventBus) {
        ((EventBus) bus).post(message);
      } else if (bus instanceof org.greenrobot.eventbus.EventBus) {
        ((org.greenrobot.eventbus.EventBus) bus).post(message);
      } else if (bus instanceof MBassador) {
        @SuppressWarnings("unchecked")
        MBassador<Object> mbassador = (MBassador<Object>) bus;
        mbassador.publish(message);
      } else {
        ((Bus) bus).post(message);
      }
    }
  }

  @TearDown
  public void tearDown() {
    if (mbassador != null) {
      mbassador.shutdown();
    }
  }

  @Benchmark
  public void herald() {
    herald.register(listener).close();
  }

  @Benchmark
  public void guava() {
    guava.register(listener);
    guava.unregister(listener);
  }

  @Benchmark
  public void greenrobot() {
    greenrobot.register(listener);
    greenrobot.unregister(listener);
  }

  @Benchmark
  public void mbassador() {
    mbassador.subscribe(listener);
    mbassador.unsubscribe(listener);
  }

  @Benchmark
  public void otto() {
    otto.register(listener);
    otto.unregister(listener);
  }

  /** An RxJava listener is a subscription per handler: {@code ofType(T).subscribe(handler)}. */
  @Benchmark
  public void rxjava() {
    if (handlers == 1) {
      rxjava.ofType(Ping.class).subscribe(rxHandler).dispose();
      return;
    }
    for (int i = 0; i < 10; i++) {
      rxSubscriptions[i] = rxjava.ofType(rxTypes.get(i)).subscribe(rxHandlers.get(i));
    }
    for (Disposable subscription : rxSubscriptions) {
      subscription.dispose();
    }
  }
}
