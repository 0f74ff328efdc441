package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Inject;
import com.google.inject.Injector;
import com.google.inject.Singleton;
import com.google.inject.Stage;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What Guice constructs or injects is registered once per instance, whatever its scope, and only if
 * its class has handlers.
 */
class InjectedListenersTest {
  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();

  @AfterEach
  void closeBus() {
    bus.close();
  }

  @Test
  void aSingletonIsRegisteredOnceAndHearsEachMessageOnce() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));

    Tower tower = injector.getInstance(Tower.class);
    assertSame(tower, injector.getInstance(Tower.class));

    assertEquals(1, bus.describe().registrations());
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), tower.heard);
  }

  @Test
  void eachInstanceOfAnUnscopedListenerIsRegisteredOnce() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));

    Radar first = injector.getInstance(Radar.class);
    Radar second = injector.getInstance(Radar.class);
    Radar third = injector.getInstance(Radar.class);

    assertNotSame(first, second);
    assertEquals(3, bus.describe().registrations());
    assertEquals(3, bus.post(new Alarm("fire")));
    for (Radar radar : List.of(first, second, third)) {
      assertEquals(List.of(new Alarm("fire")), radar.heard);
    }
  }

  @Test
  void anEagerSingletonIsRegisteredWhenTheInjectorIsCreated() {
    Guice.createInjector(
        new HeraldModule(bus),
        new AbstractModule() {
          @Override
          protected void configure() {
            bind(Radar.class).asEagerSingleton();
          }
        });

    assertEquals(1, bus.describe().registrations());
    assertEquals(1, bus.post(new Alarm("fire")));
  }

  @Test
  void inTheProductionStageEverySingletonIsRegisteredWhenTheInjectorIsCreated() {
    Guice.createInjector(
        Stage.PRODUCTION,
        new HeraldModule(bus),
        new AbstractModule() {
          @Override
          protected void configure() {
            bind(Tower.class);
          }
        });

    assertEquals(1, bus.describe().registrations());
    assertEquals(1, bus.post(new Alarm("fire")));
  }

  @Test
  void anInstanceBindingIsInjectedAndRegisteredWhenTheInjectorIsCreated() {
    Station station = new Station();

    Guice.createInjector(
        new HeraldModule(bus),
        new AbstractModule() {
          @Override
          protected void configure() {
            bind(Station.class).toInstance(station);
          }
        });

    assertSame(bus, station.bus, "Guice injected the instance's members");
    assertEquals(1, bus.describe().registrations());
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), station.heard);
  }

  @Test
  void anObjectGivenToInjectMembersIsRegistered() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));
    Station station = new Station();

    injector.injectMembers(station);

    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), station.heard);
  }

  @Test
  void aListenerBoundToAnInterfaceAndOneInjectedIntoAnotherAreRegistered() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                bind(Sensor.class).to(Smoke.class);
              }
            });

    Alarms alarms = injector.getInstance(Alarms.class);

    assertEquals(2, bus.describe().registrations());
    assertEquals(2, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), ((Smoke) alarms.sensor).heard);
    assertEquals(List.of(new Alarm("fire")), alarms.radar.heard);
  }

  @Test
  void aClassThatOnlyInheritsItsHandlersIsRegistered() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));

    Radar inheriting = injector.getInstance(InheritingRadar.class);

    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), inheriting.heard);
  }

  @Test
  void objectsWithoutHandlersAreNotRegistered() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));

    injector.getInstance(Plain.class);
    injector.getInstance(Station.class);

    assertEquals(1, bus.describe().registrations(), "the station alone");
  }

  /** A listener that Guice injects: its bus field shows that it was. */
  static final class Station {
    final List<Alarm> heard = new ArrayList<>();
    @Inject MessageBus bus;

    @Subscribe
    void on(Alarm alarm) {
      heard.add(alarm);
    }
  }

  interface Sensor {}

  static final class Smoke implements Sensor {
    final List<Alarm> heard = new ArrayList<>();

    @Subscribe
    void on(Alarm alarm) {
      heard.add(alarm);
    }
  }

  /** Has no handlers, holds two listeners. */
  @Singleton
  static final class Alarms {
    final Sensor sensor;
    final Radar radar;

    @Inject
    Alarms(Sensor sensor, Radar radar) {
      this.sensor = sensor;
      this.radar = radar;
    }
  }

  /** No @Subscribe of its own, so no dispatcher of its own: its superclass's handlers. */
  static final class InheritingRadar extends Radar {}

  static final class Plain {
    void on(Alarm alarm) {}
  }
}
