package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Inject;
import com.google.inject.Injector;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Injection and posting on several threads: registrations are neither lost nor doubled, and
 * registering, which happens inside Guice's construction of an object, never waits for a handler.
 * The waits are bounded, so a deadlock fails the test instead of hanging the build.
 */
class ConcurrentInjectionTest {
  private static final int THREADS = 8;

  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();
  private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);

  @AfterEach
  void stop() throws InterruptedException {
    threads.shutdownNow();
    assertTrue(threads.awaitTermination(30, TimeUnit.SECONDS));
    bus.close();
  }

  @Test
  void injectorsCreatedAtOnceWithOneModuleRegisterEveryListenerOnce() throws Exception {
    HeraldModule module = new HeraldModule(bus);
    CyclicBarrier start = new CyclicBarrier(THREADS);
    List<Future<Tower>> towers = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      towers.add(
          threads.submit(
              new Callable<Tower>() {
                @Override
                public Tower call() throws Exception {
                  start.await(30, TimeUnit.SECONDS);
                  Injector injector = Guice.createInjector(module, eagerRadar());
                  return injector.getInstance(Tower.class);
                }
              }));
    }
    for (Future<Tower> tower : towers) {
      tower.get(60, TimeUnit.SECONDS);
    }

    assertEquals(2 * THREADS, bus.describe().registrations(), "a radar and a tower per injector");
    assertEquals(2 * THREADS, bus.post(new Alarm("fire")));
    for (Future<Tower> tower : towers) {
      assertEquals(List.of(new Alarm("fire")), tower.get().heard);
    }
  }

  @Test
  void listenersInjectedOnSeveralThreadsWhileOthersPostAreEachRegisteredOnce() throws Exception {
    Injector injector = Guice.createInjector(new HeraldModule(bus));
    CyclicBarrier start = new CyclicBarrier(THREADS);
    List<Future<List<Counting>>> made = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      made.add(
          threads.submit(
              new Callable<List<Counting>>() {
                @Override
                public List<Counting> call() throws Exception {
                  start.await(30, TimeUnit.SECONDS);
                  List<Counting> listeners = new ArrayList<>();
                  for (int j = 0; j < 200; j++) {
                    listeners.add(injector.getInstance(Counting.class));
                    bus.post(new Alarm("noise"));
                  }
                  return listeners;
                }
              }));
    }
    List<Counting> listeners = new ArrayList<>();
    for (Future<List<Counting>> each : made) {
      listeners.addAll(each.get(60, TimeUnit.SECONDS));
    }

    assertEquals(THREADS * 200, bus.describe().registrations());
    assertEquals(THREADS * 200, bus.post(new Alarm("fire")));
    for (Counting listener : listeners) {
      assertEquals(new Alarm("fire"), listener.last.get());
    }
  }

  @Test
  void aHandlerThatAsksTheInjectorForListenersRegistersThemAtOnce() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));
    Asker asker = injector.getInstance(Asker.class);

    // Those registered during a delivery on its thread hear that message too (MessageBus's rule)
    assertEquals(3, bus.post(new Alarm("first")));
    assertEquals(4, bus.post(new Alarm("second")), "the asker, the tower, two radars");
    assertEquals(List.of(new Alarm("first"), new Alarm("second")), asker.tower().heard);
  }

  @Test
  void aListenerInjectedWhileAnotherThreadIsInASerializedHandlerIsRegisteredWithoutWaiting()
      throws Exception {
    MessageBus serialized = MessageBus.builder().serializedHandlers().build();
    Injector injector = Guice.createInjector(new HeraldModule(serialized));
    Holding holding = injector.getInstance(Holding.class);
    Future<Integer> post = threads.submit(() -> serialized.post(new Alarm("first")));
    assertTrue(holding.entered.await(30, TimeUnit.SECONDS), "the handler runs");

    Future<Tower> tower = threads.submit(() -> injector.getInstance(Tower.class));
    Tower injected = tower.get(30, TimeUnit.SECONDS); // while the handler still holds
    holding.release.countDown();
    post.get(30, TimeUnit.SECONDS);

    assertEquals(2, serialized.post(new Alarm("second")));
    assertEquals(new Alarm("second"), injected.heard.get(injected.heard.size() - 1));
    serialized.close();
  }

  private static AbstractModule eagerRadar() {
    return new AbstractModule() {
      @Override
      protected void configure() {
        bind(Radar.class).asEagerSingleton();
      }
    };
  }

  /** Asks its injector for listeners from inside a handler. */
  static final class Asker {
    @Inject Injector injector;

    @Subscribe
    void on(Alarm alarm) {
      injector.getInstance(Radar.class);
      injector.getInstance(Tower.class);
    }

    Tower tower() {
      return injector.getInstance(Tower.class);
    }
  }

  /** Safe to post to from several threads at once. */
  static final class Counting {
    final AtomicReference<Alarm> last = new AtomicReference<>();

    @Subscribe
    void on(Alarm alarm) {
      last.set(alarm);
    }
  }

  /** Holds its handler until released. */
  static final class Holding {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Subscribe
    void on(Alarm alarm) throws InterruptedException {
      entered.countDown();
      if (!release.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("never released");
      }
    }
  }
}
