package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import dev.herald.BusDescription;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import java.lang.ref.WeakReference;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Strongly by default, so that a listener nothing else holds keeps receiving; weakly on request, so
 * that one nothing else holds is forgotten.
 */
class WeakRegistrationTest {
  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();

  @AfterEach
  void closeBus() {
    bus.close();
  }

  @Test
  void aStronglyRegisteredListenerThatNothingElseHoldsKeepsReceiving() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));
    WeakReference<Radar> radar = new WeakReference<>(injector.getInstance(Radar.class));

    collectGarbage(radar);

    assertNotNull(radar.get(), "the bus holds it");
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.get().heard);
    assertFalse(bus.describe().handlers().get(0).isWeak());
  }

  @Test
  void aWeaklyRegisteredListenerThatNothingElseHoldsIsForgotten() {
    Injector injector = Guice.createInjector(new HeraldModule(bus).registeringWeakly());
    WeakReference<Radar> radar = new WeakReference<>(injector.getInstance(Radar.class));
    assertTrue(bus.describe().handlers().get(0).isWeak());

    collectGarbage(radar);

    assertNull(radar.get(), "nothing held it");
    assertEquals(0, bus.post(new Alarm("fire")));
  }

  @Test
  void aWeaklyRegisteredSingletonReceivesForAsLongAsItsInjectorLives() {
    Injector injector = Guice.createInjector(new HeraldModule(bus).registeringWeakly());
    WeakReference<Tower> tower = new WeakReference<>(injector.getInstance(Tower.class));

    collectGarbage(tower);

    assertNotNull(tower.get(), "the injector holds its singleton");
    assertEquals(1, bus.post(new Alarm("fire")));
    BusDescription.Handler handler = bus.describe().handlers().get(0);
    assertTrue(handler.isWeak());
    assertEquals(Tower.class.getName(), handler.listenerClass());
    assertNotNull(injector.getInstance(Tower.class));
  }

  @Test
  void unscopedListenersInjectedInALoopAreForgottenWhenRegisteredWeakly() {
    Injector injector = Guice.createInjector(new HeraldModule(bus).registeringWeakly());
    WeakReference<Radar> last = null;
    for (int i = 0; i < 10_000; i++) {
      last = new WeakReference<>(injector.getInstance(Radar.class));
    }

    // The bus takes out the collected ones when it next registers; a subscription that closes at
    // once makes it do so without leaving a registration of its own
    for (int i = 0; i < 20 && bus.describe().registrations() > 0; i++) {
      System.gc();
      bus.subscribe(Alarm.class, alarm -> {}).close();
    }

    assertNull(last.get());
    assertEquals(0, bus.describe().registrations());
    assertEquals(0, bus.post(new Alarm("fire")));
  }

  @Test
  void unscopedListenersInjectedInALoopAreAllKeptWhenRegisteredStrongly() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));
    WeakReference<Radar> first = new WeakReference<>(injector.getInstance(Radar.class));
    for (int i = 1; i < 1_000; i++) {
      injector.getInstance(Radar.class);
    }

    collectGarbage(first);

    assertNotNull(first.get(), "kept until unregistered or the bus closes");
    assertEquals(1_000, bus.describe().registrations());
    assertEquals(1_000, bus.post(new Alarm("fire")));
    assertTrue(bus.unregister(first.get()));
    assertEquals(999, bus.post(new Alarm("fire")));
  }

  @Test
  void whatAFailedInjectorRegisteredStronglyStaysOnTheBus() {
    assertThrows(
        CreationException.class,
        () -> Guice.createInjector(new HeraldModule(bus), towerThenFailure()));

    assertEquals(1, bus.post(new Alarm("fire")), "the tower of an injector that never was");
  }

  @Test
  void whatAFailedInjectorRegisteredWeaklyGoesWithIt() {
    assertThrows(
        CreationException.class,
        () -> Guice.createInjector(new HeraldModule(bus).registeringWeakly(), towerThenFailure()));

    for (int i = 0; i < 20 && bus.describe().registrations() > 0; i++) {
      System.gc();
      bus.subscribe(Alarm.class, alarm -> {}).close();
    }

    assertEquals(0, bus.post(new Alarm("fire")));
  }

  /** An eager tower, and an eager singleton whose constructor fails the injector. */
  private static AbstractModule towerThenFailure() {
    return new AbstractModule() {
      @Override
      protected void configure() {
        bind(Tower.class).asEagerSingleton();
        bind(Failing.class).asEagerSingleton();
      }
    };
  }

  static final class Failing {
    Failing() {
      throw new IllegalStateException("no power");
    }
  }

  /** Collects until {@code reference} is cleared, or a bounded number of times. */
  private static void collectGarbage(WeakReference<?> reference) {
    for (int i = 0; i < 20 && reference.get() != null; i++) {
      System.gc();
    }
  }
}
