package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.util.Modules;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code Modules.override}, as tests use it to swap the production bus for their own: listeners are
 * registered on the bus the injector binds, the one every {@code @Inject MessageBus} posts to.
 */
class OverriddenModulesTest {
  private final MessageBus production =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();
  private final MessageBus test =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();

  @AfterEach
  void closeBuses() {
    production.close();
    test.close();
  }

  @Test
  void listenersAreRegisteredOnTheBusThatOverridesTheModulesBinding() {
    Radar bound = new Radar();
    Injector injector =
        Guice.createInjector(
            Modules.override(
                    new HeraldModule(production),
                    new AbstractModule() {
                      @Override
                      protected void configure() {
                        bind(Radar.class).toInstance(bound);
                        bind(Tower.class).asEagerSingleton();
                      }
                    })
                .with(
                    new AbstractModule() {
                      @Override
                      protected void configure() {
                        bind(MessageBus.class).toInstance(test);
                      }
                    }));

    MessageBus bus = injector.getInstance(MessageBus.class);
    Tower tower = injector.getInstance(Tower.class);

    assertSame(test, bus);
    assertEquals(2, bus.post(new Alarm("fire")), "the instance and the eager singleton");
    assertEquals(List.of(new Alarm("fire")), bound.heard);
    assertEquals(List.of(new Alarm("fire")), tower.heard);
    assertEquals(0, production.describe().registrations());
  }

  @Test
  void aHeraldModuleOverridingAnotherRegistersOnItsBusAlone() {
    Injector injector =
        Guice.createInjector(
            Modules.override(new HeraldModule(production)).with(new HeraldModule(test)));

    Radar radar = injector.getInstance(Radar.class);
    Radar provided = injector.getInstance(ProvidedListenersTest.RadarProvider.class).get();
    injector.injectMembers(provided);

    assertEquals(2, test.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
    assertEquals(0, production.describe().registrations());
  }

  @Test
  void aListenerBindingOverriddenByATestDoubleRegistersTheDouble() {
    Injector injector =
        Guice.createInjector(
            Modules.override(
                    new HeraldModule(production),
                    new AbstractModule() {
                      @Override
                      protected void configure() {
                        bind(Radar.class);
                      }
                    })
                .with(
                    new AbstractModule() {
                      @Override
                      protected void configure() {
                        bind(Radar.class).to(QuietRadar.class);
                      }
                    }));

    Radar radar = injector.getInstance(Radar.class);

    assertEquals(QuietRadar.class, radar.getClass());
    assertEquals(1, production.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
  }

  /** A test double: inherits the handlers. */
  static final class QuietRadar extends Radar {}
}
