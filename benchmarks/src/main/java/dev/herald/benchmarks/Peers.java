package dev.herald.benchmarks;

import com.google.common.eventbus.EventBus;
import com.squareup.otto.Bus;
import com.squareup.otto.ThreadEnforcer;
import dev.herald.MessageBus;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.subjects.PublishSubject;
import java.util.IdentityHashMap;
import java.util.Map;
import net.engio.mbassy.bus.MBassador;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Builds each bus the way its documentation shows, and registers listeners on it; used by the
 * benchmarks' setup, never inside a measured operation.
 *
 * <p>Configuration chosen for the peers, and why:
 *
 * <ul>
 *   <li>greenrobot: {@code logNoSubscriberMessages(false)}, because its default prints a line for
 *       every message nobody receives, which would measure the console. It still posts its {@code
 *       NoSubscriberEvent}, as by default.
 *   <li>Otto: {@code ThreadEnforcer.ANY}, so it can be posted to from benchmark threads.
 *   <li>MBassador: its standard {@code MBassador} with an error handler, posting synchronously with
 *       {@code publish}.
 *   <li>Guava: handlers carry {@code @AllowConcurrentEvents}, so Guava does not wrap them in a
 *       lock: its best case.
 *   <li>RxJava: a {@code PublishSubject}; a listener is one {@code subscribe} of its handler.
 * </ul>
 */
public final class Peers {
  /**
   * How many times setup posts through three listener classes before the measured part: enough for
   * the JIT to compile the path with that profile before measuring starts.
   */
  public static final int WARM_UP_POSTS = 100_000;

  private static final Map<Object, Disposable> RX_SUBSCRIPTIONS = new IdentityHashMap<>();

  private Peers() {}

  public static MessageBus herald() {
    return MessageBus.create();
  }

  public static EventBus guava() {
    return new EventBus("benchmark");
  }

  public static org.greenrobot.eventbus.EventBus greenrobot() {
    return org.greenrobot.eventbus.EventBus.builder().logNoSubscriberMessages(false).build();
  }

  public static org.greenrobot.eventbus.EventBus greenrobotNoInheritance() {
    return org.greenrobot.eventbus.EventBus.builder()
        .logNoSubscriberMessages(false)
        .eventInheritance(false)
        .build();
  }

  public static MBassador<Object> mbassador() {
    return new MBassador<>(error -> System.err.println("MBassador: " + error));
  }

  public static Bus otto() {
    return new Bus(ThreadEnforcer.ANY, "benchmark");
  }

  public static <T> PublishSubject<T> rxjava() {
    return PublishSubject.create();
  }

  /** Registers {@code listener} on {@code bus}, any of the buses above. */
  @SuppressWarnings("unchecked")
  public static void register(Object bus, Object listener) {
    if (bus instanceof MessageBus) {
      ((MessageBus) bus).register(listener);
    } else if (bus instanceof EventBus) {
      ((EventBus) bus).register(listener);
    } else if (bus instanceof org.greenrobot.eventbus.EventBus) {
      ((org.greenrobot.eventbus.EventBus) bus).register(listener);
    } else if (bus instanceof MBassador) {
      ((MBassador<Object>) bus).subscribe(listener);
    } else if (bus instanceof Bus) {
      ((Bus) bus).register(listener);
    } else if (bus instanceof PublishSubject) {
      PingListener pingListener = (PingListener) listener;
      RX_SUBSCRIPTIONS.put(listener, ((PublishSubject<Ping>) bus).subscribe(pingListener::onPing));
    } else {
      throw new IllegalArgumentException("Not a bus: " + bus);
    }
  }

  /** Unregisters {@code listener} from {@code bus}. */
  @SuppressWarnings("unchecked")
  public static void unregister(Object bus, Object listener) {
    if (bus instanceof MessageBus) {
      ((MessageBus) bus).unregister(listener);
    } else if (bus instanceof EventBus) {
      ((EventBus) bus).unregister(listener);
    } else if (bus instanceof org.greenrobot.eventbus.EventBus) {
      ((org.greenrobot.eventbus.EventBus) bus).unregister(listener);
    } else if (bus instanceof MBassador) {
      ((MBassador<Object>) bus).unsubscribe(listener);
    } else if (bus instanceof Bus) {
      ((Bus) bus).unregister(listener);
    } else if (bus instanceof PublishSubject) {
      RX_SUBSCRIPTIONS.remove(listener).dispose();
    } else {
      throw new IllegalArgumentException("Not a bus: " + bus);
    }
  }

  public static void registerAll(Object bus, Object[] listeners) {
    for (Object listener : listeners) {
      register(bus, listener);
    }
  }

  /**
   * Runs {@code post} (the benchmark method itself) many times while {@code bus} has one listener
   * of each of the three classes, then again with four of each, one class after another, and
   * unregisters them: every call site on the way to a handler, including those a bus keeps for
   * neighbouring listeners of one class, has then seen three receiver classes, as in a program with
   * many listeners, even when the measured configuration has a single subscriber.
   */
  public static void warmUpMegamorphic(Object bus, Runnable post) {
    warmUp(bus, post, Listeners.mixed(3));
    warmUp(bus, post, Listeners.inFours(12));
    letCompilerFinish();
  }

  private static void warmUp(Object bus, Runnable post, PingListener[] listeners) {
    registerAll(bus, listeners);
    for (int i = 0; i < WARM_UP_POSTS; i++) {
      post.run();
    }
    for (PingListener listener : listeners) {
      unregister(bus, listener);
    }
  }

  /** Gives the JIT's background threads time to install what the warm-up queued. */
  public static void letCompilerFinish() {
    try {
      Thread.sleep(300);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The simple name of the benchmark method being run: which bus to set up. */
  public static String method(BenchmarkParams params) {
    String benchmark = params.getBenchmark();
    return benchmark.substring(benchmark.lastIndexOf('.') + 1);
  }
}
