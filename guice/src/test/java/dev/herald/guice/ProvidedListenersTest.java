package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.ProvidedBy;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.TypeLiteral;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What providers return, which Guice shows to no type listener, is registered by the module's
 * provision listener: {@code @Provides} methods, {@code toProvider}, {@code @ProvidedBy}.
 */
class ProvidedListenersTest {
  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();

  @AfterEach
  void closeBus() {
    bus.close();
  }

  @Test
  void whatASingletonProvidesMethodReturnsIsRegisteredOnce() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Provides
              @Singleton
              Radar radar() {
                return new Radar();
              }
            });

    Radar radar = injector.getInstance(Radar.class);
    assertSame(radar, injector.getInstance(Radar.class));

    assertEquals(1, bus.describe().registrations());
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
  }

  @Test
  void eachResultOfAnUnscopedProvidesMethodIsRegisteredOnce() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Provides
              Radar radar() {
                return new Radar();
              }
            });

    Radar first = injector.getInstance(Radar.class);
    Radar second = injector.getInstance(Radar.class);

    assertNotSame(first, second);
    assertEquals(2, bus.describe().registrations());
    assertEquals(2, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), first.heard);
    assertEquals(List.of(new Alarm("fire")), second.heard);
  }

  @Test
  void aProvidesMethodIsJudgedByTheClassOfWhatItReturns() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Provides
              Object listener() {
                return new Radar();
              }

              @Provides
              List<String> names() {
                return List.of("no handlers");
              }
            });

    Radar radar = (Radar) injector.getInstance(Object.class);
    injector.getInstance(Key.get(new TypeLiteral<List<String>>() {}));

    assertEquals(1, bus.describe().registrations());
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
  }

  @Test
  void aProvidesMethodReturningAnInjectedListenerLeavesItOneRegistration() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Provides
              @Singleton
              Object listener(Tower tower) {
                return tower;
              }
            });

    Object listener = injector.getInstance(Object.class);

    assertSame(injector.getInstance(Tower.class), listener);
    assertEquals(1, bus.describe().registrations());
    assertEquals(1, bus.post(new Alarm("fire")));
  }

  @Test
  void whatAProviderClassOrInstanceReturnsIsRegistered() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                bind(Radar.class).toProvider(RadarProvider.class);
                bind(Object.class).toProvider(new RadarProvider());
              }
            });

    Radar bound = injector.getInstance(Radar.class);
    Radar instance = (Radar) injector.getInstance(Object.class);
    Beacon providedBy = injector.getInstance(Beacon.class);

    assertEquals(3, bus.describe().registrations());
    assertEquals(3, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), bound.heard);
    assertEquals(List.of(new Alarm("fire")), instance.heard);
    assertEquals(List.of(new Alarm("fire")), ((Radar) providedBy).heard);
  }

  static final class RadarProvider implements Provider<Radar> {
    @Override
    public Radar get() {
      return new Radar();
    }
  }

  /** Bound to its provider by annotation: a just-in-time provider key binding. */
  @ProvidedBy(BeaconProvider.class)
  interface Beacon {}

  static final class BeaconRadar extends Radar implements Beacon {}

  static final class BeaconProvider implements Provider<Beacon> {
    @Override
    public Beacon get() {
      return new BeaconRadar();
    }
  }
}
