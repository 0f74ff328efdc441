package dev.herald.benchmarks;

import com.google.common.eventbus.EventBus;
import com.squareup.otto.Bus;
import dev.herald.MessageBus;
import io.reactivex.rxjava3.functions.Consumer;
import io.reactivex.rxjava3.subjects.PublishSubject;
import java.util.concurrent.TimeUnit;
import net.engio.mbassy.bus.MBassador;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Scenario 4, contention, on one shared bus with 10 {@code Ping} subscribers (classes A, B, C in
 * turn). Each thread posts its own message, so the handlers' writes do not contend.
 *
 * <ul>
 *   <li>{@code <bus>}: two threads posting at once; the score is the time per post of each.
 *   <li>{@code heraldOwnClass}: as {@code herald}, but each thread posts a class of its own to ten
 *       handlers of that class (the first thread {@code Ping}, the second {@code Pong}, and so on
 *       in turn), as threads that post different messages to one bus do: with one thread ({@code -t
 *       1}) it is {@code herald} with ten more handlers on the bus, for another class.
 *   <li>{@code <bus>Churn} group: one thread posting ({@code <bus>ChurnPost}) while another
 *       registers and unregisters a one-handler {@code Ping} listener in a loop ({@code
 *       <bus>ChurnRegister}); each is reported on its own.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ContentionBenchmark {
  private MessageBus herald;
  private EventBus guava;
  private org.greenrobot.eventbus.EventBus greenrobot;
  private MBassador<Object> mbassador;
  private Bus otto;
  private PublishSubject<Ping> rxjava;
  private PingListener[] listeners;

  /** What each thread owns: its message, and the listener the churning thread moves. */
  @State(Scope.Thread)
  public static class PerThread {
    final Ping ping = new Ping();
    final OneHandler churner = new OneHandler();
    final Consumer<Ping> rxChurner = churner::onPing;

    /** What this thread posts in {@code heraldOwnClass}: a Ping or a Pong, by thread. */
    Object own;

    @Setup
    public void setUp(ThreadParams params) {
      own = params.getThreadIndex() % 2 == 0 ? ping : new Pong();
    }
  }

  @Setup
  public void setUp(BenchmarkParams params) {
    String bus = Peers.method(params);
    if (bus.endsWith("Churn")) {
      bus = bus.substring(0, bus.length() - "Churn".length());
    }
    Object created;
    switch (bus) {
      case "heraldOwnClass":
        herald = Peers.herald();
        Peers.registerAll(herald, PongListeners.mixed(10));
        created = herald;
        break;
      case "herald":
        created = herald = Peers.herald();
        break;
      case "guava":
        created = guava = Peers.guava();
        break;
      case "greenrobot":
        created = greenrobot = Peers.greenrobot();
        break;
      case "mbassador":
        created = mbassador = Peers.mbassador();
        break;
      case "otto":
        created = otto = Peers.otto();
        break;
      case "rxjava":
        created = rxjava = Peers.rxjava();
        break;
      default:
        throw new IllegalStateException("No setup for " + params.getBenchmark());
    }
    listeners = Listeners.mixed(10);
    Peers.registerAll(created, listeners);
  }

  @TearDown
  public void tearDown() {
    if (mbassador != null) {
      mbassador.shutdown();
    }
  }

  // Two threads posting.

  @Benchmark
  @Threads(2)
  public int herald(PerThread thread) {
    return herald.post(thread.ping);
  }

  @Benchmark
  @Threads(2)
  public int heraldOwnClass(PerThread thread) {
    return herald.post(thread.own);
  }

  @Benchmark
  @Threads(2)
  public void guava(PerThread thread) {
    guava.post(thread.ping);
  }

  @Benchmark
  @Threads(2)
  public void greenrobot(PerThread thread) {
    greenrobot.post(thread.ping);
  }

  @Benchmark
  @Threads(2)
  public void mbassador(PerThread thread) {
    mbassador.publish(thread.ping);
  }

  @Benchmark
  @Threads(2)
  public void otto(PerThread thread) {
    otto.post(thread.ping);
  }

  @Benchmark
  @Threads(2)
  public void rxjava(PerThread thread) {
    rxjava.onNext(thread.ping);
  }

  // One thread posting while another registers and unregisters.

  @Benchmark
  @Group("heraldChurn")
  @GroupThreads(1)
  public int heraldChurnPost(PerThread thread) {
    return herald.post(thread.ping);
  }

  @Benchmark
  @Group("heraldChurn")
  @GroupThreads(1)
  public void heraldChurnRegister(PerThread thread) {
    herald.register(thread.churner).close();
  }

  @Benchmark
  @Group("guavaChurn")
  @GroupThreads(1)
  public void guavaChurnPost(PerThread thread) {
    guava.post(thread.ping);
  }

  @Benchmark
  @Group("guavaChurn")
  @GroupThreads(1)
  public void guavaChurnRegister(PerThread thread) {
    guava.register(thread.churner);
    guava.unregister(thread.churner);
  }

  @Benchmark
  @Group("greenrobotChurn")
  @GroupThreads(1)
  public void greenrobotChurnPost(PerThread thread) {
    greenrobot.post(thread.ping);
  }

  @Benchmark
  @Group("greenrobotChurn")
  @GroupThreads(1)
  public void greenrobotChurnRegister(PerThread thread) {
    greenrobot.register(thread.churner);
    greenrobot.unregister(thread.churner);
  }

  @Benchmark
  @Group("mbassadorChurn")
  @GroupThreads(1)
  public void mbassadorChurnPost(PerThread thread) {
    mbassador.publish(thread.ping);
  }

  @Benchmark
  @Group("mbassadorChurn")
  @GroupThreads(1)
  public void mbassadorChurnRegister(PerThread thread) {
    mbassador.subscribe(thread.churner);
    mbassador.unsubscribe(thread.churner);
  }

  @Benchmark
  @Group("ottoChurn")
  @GroupThreads(1)
  public void ottoChurnPost(PerThread thread) {
    otto.post(thread.ping);
  }

  @Benchmark
  @Group("ottoChurn")
  @GroupThreads(1)
  public void ottoChurnRegister(PerThread thread) {
    otto.register(thread.churner);
    otto.unregister(thread.churner);
  }

  @Benchmark
  @Group("rxjavaChurn")
  @GroupThreads(1)
  public void rxjavaChurnPost(PerThread thread) {
    rxjava.onNext(thread.ping);
  }

  @Benchmark
  @Group("rxjavaChurn")
  @GroupThreads(1)
  public void rxjavaChurnRegister(PerThread thread) {
    rxjava.subscribe(thread.rxChurner).dispose();
  }
}
