package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.PrivateModule;
import com.google.inject.Provides;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The module installed once, in the parent: Guice applies its listeners to child injectors and
 * private modules, so what they inject is registered on the parent's bus.
 */
class ChildInjectorsTest {
  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();
  private final Injector parent = Guice.createInjector(new HeraldModule(bus));

  @AfterEach
  void closeBus() {
    bus.close();
  }

  @Test
  void whatAChildInjectorConstructsIsRegisteredOnTheParentsBus() {
    Injector child =
        parent.createChildInjector(
            new AbstractModule() {
              @Override
              protected void configure() {
                bind(Radar.class).asEagerSingleton();
              }
            });

    assertEquals(1, bus.describe().registrations(), "the eager singleton, at the child's creation");
    Radar radar = child.getInstance(Radar.class);
    Tower tower = child.getInstance(Tower.class);

    assertSame(bus, child.getInstance(MessageBus.class));
    assertEquals(2, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
    assertEquals(List.of(new Alarm("fire")), tower.heard);
  }

  @Test
  void whatAChildInjectorsProvidesMethodReturnsIsRegistered() {
    Injector child =
        parent.createChildInjector(
            new AbstractModule() {
              @Provides
              Radar radar() {
                return new Radar();
              }
            });

    Radar radar = child.getInstance(Radar.class);

    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
  }

  @Test
  void aListenerOfAPrivateModuleIsRegistered() {
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new PrivateModule() {
              @Override
              protected void configure() {
                bind(Radar.class);
                expose(Radar.class);
              }
            });

    Radar radar = injector.getInstance(Radar.class);

    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
  }

  @Test
  void siblingChildrenWithModulesOfTheirOwnRegisterWhatTheyBindOnTheirOwnBuses() {
    Injector plain = Guice.createInjector();
    try (MessageBus one = MessageBus.create();
        MessageBus other = MessageBus.create()) {
      Injector first = plain.createChildInjector(new HeraldModule(one), binding(Radar.class));
      Injector second = plain.createChildInjector(new HeraldModule(other), binding(Radar.class));

      first.getInstance(Radar.class);
      second.getInstance(Radar.class);
      second.getInstance(Radar.class);

      assertEquals(1, one.post(new Alarm("fire")));
      assertEquals(2, other.post(new Alarm("fire")));
    }
  }

  /**
   * The module's documented limit: Guice makes a just-in-time binding in the parent whenever the
   * class needs nothing of the child's, and the parent has no module to register what it makes.
   */
  @Test
  void aModuleOnlyInAChildMissesTheListenersGuiceBindsJustInTimeInTheParent() {
    Injector plain = Guice.createInjector();
    Injector child = plain.createChildInjector(new HeraldModule(bus), binding(Radar.class));

    Radar bound = child.getInstance(Radar.class);
    Tower justInTime = child.getInstance(Tower.class);

    assertSame(justInTime, plain.getInstance(Tower.class), "made in the parent");
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), bound.heard);
    assertEquals(List.of(), justInTime.heard);
  }

  /** Likewise a module installed inside a private module sees only that module's bindings. */
  @Test
  void aModuleInsideAPrivateModuleMissesTheListenersBoundOutsideIt() {
    Injector injector =
        Guice.createInjector(
            new PrivateModule() {
              @Override
              protected void configure() {
                install(new HeraldModule(bus));
                bind(Tower.class);
                expose(Tower.class);
              }
            },
            binding(Radar.class));

    Tower inside = injector.getInstance(Tower.class);
    Radar outside = injector.getInstance(Radar.class);

    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), inside.heard);
    assertEquals(List.of(), outside.heard);
  }

  @Test
  void installingTheModuleAgainInAChildFailsOnTheBusBinding() {
    CreationException error =
        assertThrows(
            CreationException.class, () -> parent.createChildInjector(new HeraldModule(bus)));

    assertTrue(error.getMessage().contains(MessageBus.class.getName()), error.getMessage());
    assertEquals(0, bus.describe().registrations());
  }

  private static AbstractModule binding(Class<?> type) {
    return new AbstractModule() {
      @Override
      protected void configure() {
        bind(type);
      }
    };
  }
}
