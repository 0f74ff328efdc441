package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.inject.AbstractModule;
import com.google.inject.Exposed;
import com.google.inject.Guice;
import com.google.inject.ImplementedBy;
import com.google.inject.Inject;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.MembersInjector;
import com.google.inject.PrivateModule;
import com.google.inject.ProvidedBy;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.Stage;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.MapBinder;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.multibindings.ProvidesIntoSet;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every way Guice binds or makes an object ends with the object registered once, if its class has
 * handlers; and an object whose class Guice or the JDK made up (a lambda, a proxy, an array) is no
 * listener and no error.
 */
class BindingKindsTest {
  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();

  @AfterEach
  void closeBus() {
    bus.close();
  }

  @Test
  void implementedByAndProvidedByTargetsAreRegistered() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                bind(Beacon.class); // untargetted: @ProvidedBy decides
              }
            });

    Dish dish = injector.getInstance(Dish.class);
    Beacon beacon = injector.getInstance(Beacon.class);

    assertEquals(2, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), ((Radar) dish).heard);
    assertEquals(List.of(new Alarm("fire")), ((Radar) beacon).heard);
  }

  @Test
  void whatAnInjectedProviderOrMembersInjectorMakesIsRegistered() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));
    Makers makers = injector.getInstance(Makers.class);

    Radar first = makers.radars.get();
    Radar second = makers.radars.get();
    NamedRadar named = makers.named("north");

    assertNotSame(first, second);
    assertEquals(3, bus.describe().registrations());
    assertEquals(3, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), named.heard);
  }

  @Test
  void setMapAndOptionalBinderContributionsAreRegisteredOnceEach() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                Multibinder<Object> set = Multibinder.newSetBinder(binder(), Object.class);
                set.addBinding().to(Radar.class);
                set.addBinding().toInstance(new Radar());
                set.addBinding().toProvider(ProvidedListenersTest.RadarProvider.class);
                MapBinder<String, Object> map =
                    MapBinder.newMapBinder(binder(), String.class, Object.class);
                map.addBinding("tower").to(Tower.class);
                map.addBinding("radar").toProvider(new ProvidedListenersTest.RadarProvider());
                OptionalBinder.newOptionalBinder(binder(), Dish.class)
                    .setDefault()
                    .to(DishRadar.class);
              }

              @ProvidesIntoSet
              Object intoSet() {
                return new Radar();
              }
            });

    Set<Object> set = injector.getInstance(Key.get(new TypeLiteral<Set<Object>>() {}));
    Map<String, Object> map =
        injector.getInstance(Key.get(new TypeLiteral<Map<String, Object>>() {}));
    injector.getInstance(Dish.class);

    assertEquals(4, set.size());
    assertEquals(2, map.size());
    assertEquals(7, bus.describe().registrations());
    assertEquals(7, bus.post(new Alarm("fire")));
  }

  @Test
  void aConstructorBindingIsRegistered() throws NoSuchMethodException {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                try {
                  bind(Radar.class).toConstructor(Radar.class.getDeclaredConstructor());
                } catch (NoSuchMethodException e) {
                  addError(e);
                }
              }
            });

    Radar radar = injector.getInstance(Radar.class);

    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
  }

  @Test
  void listenersThatStaticInjectionReachesAreRegistered() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                requestStaticInjection(StaticHolder.class);
              }
            });

    Tower tower = StaticHolder.tower.get();

    assertEquals(2, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), StaticHolder.radar.heard);
    assertEquals(List.of(new Alarm("fire")), tower.heard);
    assertEquals(tower, injector.getInstance(Tower.class));
  }

  @Test
  void anExposedProvidesMethodOfAPrivateModuleIsRegistered() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new PrivateModule() {
              @Override
              protected void configure() {}

              @Provides
              @Exposed
              @Singleton
              Radar radar() {
                return new Radar();
              }
            });

    Radar radar = injector.getInstance(Radar.class);

    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
  }

  @Test
  void inTheProductionStageASingletonProvidesMethodIsRegisteredAtCreation() {
    Guice.createInjector(
        Stage.PRODUCTION,
        new HeraldModule(bus),
        new AbstractModule() {
          @Provides
          @Singleton
          Radar radar() {
            return new Radar();
          }
        });

    assertEquals(1, bus.post(new Alarm("fire")));
  }

  @Test
  void listenersEqualByTheirEqualsAreRegisteredEachByIdentity() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));

    AllEqual first = injector.getInstance(AllEqual.class);
    AllEqual second = injector.getInstance(AllEqual.class);

    assertEquals(first, second);
    assertEquals(2, bus.post(new Alarm("fire")));
    assertEquals(1, first.heard);
    assertEquals(1, second.heard);
  }

  @Test
  void aClassWhoseHandlersItsInterfaceDeclaresIsRegistered() {
    Injector injector = Guice.createInjector(new HeraldModule(bus));

    ByInterface listener = injector.getInstance(ByInterface.class);

    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(1, listener.heard);
  }

  @Test
  void lambdasProxiesArraysRecordsAndEnumsAreNeitherListenersNorErrors() {
    Runnable lambda = () -> {};
    Supplier<String> reference = String::new;
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                bind(Runnable.class).toInstance(lambda);
                bind(new TypeLiteral<Supplier<String>>() {}).toInstance(reference);
                bind(TimeUnit.class).toInstance(TimeUnit.SECONDS);
              }

              @Provides
              Function<String, String> identity() {
                return s -> s;
              }

              @Provides
              @SuppressWarnings("unchecked")
              Comparable<String> proxy() {
                return (Comparable<String>)
                    Proxy.newProxyInstance(
                        BindingKindsTest.class.getClassLoader(),
                        new Class<?>[] {Comparable.class},
                        (self, method, arguments) -> 0);
              }

              @Provides
              int[] numbers() {
                return new int[] {1};
              }

              @Provides
              Alarm alarm() {
                return new Alarm("a record");
              }
            });

    injector.getInstance(Key.get(new TypeLiteral<Function<String, String>>() {}));
    injector.getInstance(Key.get(new TypeLiteral<Comparable<String>>() {}));
    injector.getInstance(int[].class);
    injector.getInstance(Alarm.class);

    assertEquals(0, bus.describe().registrations());
  }

  @Test
  void aToolStageInjectorInjectsNothingSoRegistersNothing() {
    Injector injector =
        Guice.createInjector(
            Stage.TOOL,
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                bind(Radar.class).toInstance(new Radar());
                bind(Tower.class).asEagerSingleton();
              }
            });

    assertEquals(0, bus.describe().registrations());
    assertThrows(UnsupportedOperationException.class, () -> injector.getInstance(Tower.class));
  }

  @ImplementedBy(DishRadar.class)
  interface Dish {}

  static final class DishRadar extends Radar implements Dish {}

  @ProvidedBy(BeaconProvider.class)
  interface Beacon {}

  static final class BeaconRadar extends Radar implements Beacon {}

  static final class BeaconProvider implements Provider<Beacon> {
    @Override
    public Beacon get() {
      return new BeaconRadar();
    }
  }

  static final class NamedRadar extends Radar {
    final String name;

    NamedRadar(String name) {
      this.name = name;
    }
  }

  /** Makes listeners: Guice's providers, and a factory method written by hand. */
  static final class Makers {
    @Inject Provider<Radar> radars;
    @Inject MembersInjector<NamedRadar> members;

    NamedRadar named(String name) {
      NamedRadar radar = new NamedRadar(name);
      members.injectMembers(radar);
      return radar;
    }
  }

  static final class StaticHolder {
    @Inject static Radar radar;
    @Inject static Provider<Tower> tower;
  }

  /** Every instance equals every other: registration must not ask {@code equals}. */
  static final class AllEqual {
    int heard;

    @Subscribe
    void on(Alarm alarm) {
      heard++;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof AllEqual;
    }

    @Override
    public int hashCode() {
      return 1;
    }
  }

  interface HearsAlarms {
    @Subscribe
    void on(Alarm alarm);
  }

  static final class ByInterface implements HearsAlarms {
    int heard;

    @Override
    public void on(Alarm alarm) {
      heard++;
    }
  }
}
