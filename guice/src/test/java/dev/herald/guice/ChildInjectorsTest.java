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
  void installingTheModuleAgainInAChildFailsOnTheBusBinding() {
    CreationException error =
        assertThrows(
            CreationException.class, () -> parent.createChildInjector(new HeraldModule(bus)));

    assertTrue(error.getMessage().contains(MessageBus.class.getName()), error.getMessage());
    assertEquals(0, bus.describe().registrations());
  }
}
