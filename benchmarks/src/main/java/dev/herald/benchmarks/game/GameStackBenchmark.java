package dev.herald.benchmarks.game;

import com.badlogic.ashley.signals.Signal;
import com.badlogic.gdx.ai.msg.MessageDispatcher;
import dev.herald.MessageBus;
import dev.herald.benchmarks.Peers;
import java.util.concurrent.TimeUnit;
import net.mostlyoriginal.api.event.common.EventDispatchStrategy;
import net.mostlyoriginal.api.event.common.EventSystem;
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
 * The game stack: one message delivered at once to 1, 10 or 100 receivers, all of one class ({@code
 * classes=1}: every call site monomorphic, as an Ashley {@code Signal} with one listener type) or
 * of classes A, B and C in turn ({@code classes=3}: megamorphic). Contestants: a hand-written loop
 * over a {@link HitListener}{@code []}, Herald's {@code post}, Ashley's {@code Signal.dispatch},
 * gdx-ai's {@code MessageDispatcher.dispatchMessage} to the {@code Telegraph}s registered for one
 * message code, and artemis-odb's contrib {@code EventSystem.dispatch} in an artemis {@code World}
 * with each dispatch strategy the contrib event bus ships.
 *
 * <p>Why it is fair:
 *
 * <ul>
 *   <li>Every handler does the same work: it adds the message's {@code value} to its receiver's
 *       count ({@link ReceiverA}). {@link #checkDelivered} fails the run unless every receiver got
 *       the same, non-zero count.
 *   <li>Warm-up, the same for every contestant, as {@code Peers.warmUpMegamorphic} does for the
 *       fan-out: setup builds the bus with three receivers of the measured mix (three A's, or an A,
 *       a B and a C), runs the benchmark method {@value Peers#WARM_UP_POSTS} times, lets the
 *       compiler finish, then builds a fresh bus with the measured receivers. With three classes
 *       every call site on the way to a handler has then seen three receiver classes, even with one
 *       receiver measured; with one class, none has seen more than one. A fresh bus instead of
 *       unregistering, because artemis-odb's strategies cannot unregister; the compiled code and
 *       its profile belong to the classes, not to the instance.
 *   <li>The message is allocated once; gdx-ai takes it as the telegram's extra info and pools its
 *       telegrams, and artemis-odb's pooled strategy obtains its event from its own pool, as their
 *       documentation shows.
 *   <li>artemis-odb's polling strategies queue the event and deliver it when the world processes
 *       the event system, so their methods call the strategy's {@code process()} right after the
 *       dispatch: what {@code World.process()} would run for this system, without the rest of a
 *       world's frame. Its basic strategy finds the listeners anew on every dispatch; the fast one
 *       (the default) keeps them per event class. Both call handlers by reflection.
 *   <li>Each method returns nothing, as in {@code FanOutBenchmark}.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class GameStackBenchmark {

  @Param({"1", "10", "100"})
  public int receivers;

  @Param({"1", "3"})
  public int classes;

  private final Hit hit = new Hit();
  private HitListener[] measured;

  private HitListener[] loop;
  private MessageBus herald;
  private Signal<Hit> ashley;
  private MessageDispatcher gdxAi;
  private EventSystem artemis;
  private EventDispatchStrategy artemisStrategy;

  @Setup
  public void setUp(BenchmarkParams params) {
    String method = Peers.method(params);
    build(method, Receivers.of(3, classes));
    Runnable benchmark = benchmark(method);
    for (int i = 0; i < Peers.WARM_UP_POSTS; i++) {
      benchmark.run();
    }
    Peers.letCompilerFinish();
    measured = Receivers.of(receivers, classes);
    build(method, measured);
  }

  private void build(String method, HitListener[] with) {
    switch (method) {
      case "handLoop":
        loop = with;
        break;
      case "herald":
        herald = GameStacks.herald(with);
        break;
      case "ashley":
        ashley = GameStacks.ashley(with);
        break;
      case "gdxAi":
        gdxAi = GameStacks.gdxAi(with);
        break;
      default:
        artemisStrategy = GameStacks.artemisStrategy(method);
        if (artemisStrategy == null) {
          throw new IllegalStateException("No setup for " + method);
        }
        artemis = GameStacks.artemis(artemisStrategy, with);
        break;
    }
  }

  private Runnable benchmark(String method) {
    switch (method) {
      case "handLoop":
        return this::handLoop;
      case "herald":
        return this::herald;
      case "ashley":
        return this::ashley;
      case "gdxAi":
        return this::gdxAi;
      case "artemisBasic":
        return this::artemisBasic;
      case "artemisFast":
        return this::artemisFast;
      case "artemisPolling":
        return this::artemisPolling;
      case "artemisPollingPooled":
        return this::artemisPollingPooled;
      default:
        throw new IllegalStateException("No benchmark " + method);
    }
  }

  @TearDown
  public void checkDelivered() {
    Receivers.checkAllReached(measured);
  }

  @Benchmark
  public void handLoop() {
    for (HitListener listener : loop) {
      listener.onHit(hit);
    }
  }

  @Benchmark
  public void herald() {
    herald.post(hit);
  }

  @Benchmark
  public void ashley() {
    ashley.dispatch(hit);
  }

  @Benchmark
  public void gdxAi() {
    gdxAi.dispatchMessage(GameStacks.HIT, hit);
  }

  @Benchmark
  public void artemisBasic() {
    artemis.dispatch(hit);
  }

  @Benchmark
  public void artemisFast() {
    artemis.dispatch(hit);
  }

  @Benchmark
  public void artemisPolling() {
    artemis.dispatch(hit);
    artemisStrategy.process();
  }

  /** The pooled strategy refuses an event made by the caller: it hands out its own. */
  @Benchmark
  public void artemisPollingPooled() {
    artemis.dispatch(Hit.class);
    artemisStrategy.process();
  }
}
