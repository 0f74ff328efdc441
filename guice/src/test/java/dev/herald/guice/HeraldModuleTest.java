package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import dev.herald.ErrorContext;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which bus the module binds, and how Guice treats the module installed more than once. */
class HeraldModuleTest {

  @Test
  void theModuleBindsTheBusItIsGiven() {
    try (MessageBus bus = MessageBus.create()) {
      Injector injector = Guice.createInjector(new HeraldModule(bus));

      assertSame(bus, injector.getInstance(MessageBus.class));
    }
  }

  @Test
  void theModuleBuildsOneBusFromTheBuilderForEveryInjector() {
    List<Throwable> failures = new ArrayList<>();
    HeraldModule module =
        new HeraldModule(
            MessageBus.builder()
                .errorHandler(
                    new ErrorHandler() {
                      @Override
                      public void handle(Throwable error, ErrorContext context) {
                        failures.add(error);
                      }
                    }));

    try (MessageBus bus = Guice.createInjector(module).getInstance(MessageBus.class)) {
      assertSame(bus, Guice.createInjector(module).getInstance(MessageBus.class));
      assertSame(bus, module.bus());
      Guice.createInjector(module).getInstance(Failing.class);

      assertEquals(1, bus.post(new Alarm("fire")));
      assertEquals(1, failures.size(), "the builder's error handler");
      assertEquals("no radar", failures.get(0).getMessage());
    }
  }

  @Test
  void theModuleWithoutArgumentsBindsANewBusThatRegistersListeners() {
    Injector injector = Guice.createInjector(new HeraldModule());

    try (MessageBus bus = injector.getInstance(MessageBus.class)) {
      Tower tower = injector.getInstance(Tower.class);

      assertEquals(1, bus.post(new Alarm("fire")));
      assertEquals(List.of(new Alarm("fire")), tower.heard);
    }
  }

  @Test
  void theModuleOfOneBusInstalledTwiceRegistersEachListenerOnce() {
    try (MessageBus bus = MessageBus.create()) {
      Injector injector =
          Guice.createInjector(
              new HeraldModule(bus),
              new AbstractModule() {
                @Override
                protected void configure() {
                  install(new HeraldModule(bus));
                }
              });

      injector.getInstance(Tower.class);

      assertEquals(1, bus.describe().registrations());
      assertEquals(new HeraldModule(bus), new HeraldModule(bus));
      assertNotEquals(new HeraldModule(bus), new HeraldModule(bus).registeringWeakly());
    }
  }

  @Test
  void twoBusesInOneInjectorFailOnTheBusBinding() {
    try (MessageBus one = MessageBus.create();
        MessageBus other = MessageBus.create()) {
      CreationException error =
          assertThrows(
              CreationException.class,
              () -> Guice.createInjector(new HeraldModule(one), new HeraldModule(other)));

      assertTrue(error.getMessage().contains(MessageBus.class.getName()), error.getMessage());
    }
  }

  @Test
  void injectorsWithModulesOfTwoBusesRegisterEachListenerOnItsInjectorsBus() {
    try (MessageBus one = MessageBus.create();
        MessageBus other = MessageBus.create()) {
      Tower first = Guice.createInjector(new HeraldModule(one)).getInstance(Tower.class);
      Tower second =
          Guice.createInjector(new HeraldModule(other).registeringWeakly())
              .getInstance(Tower.class);

      assertEquals(1, one.post(new Alarm("one")));
      assertEquals(1, other.post(new Alarm("other")));
      assertEquals(List.of(new Alarm("one")), first.heard);
      assertEquals(List.of(new Alarm("other")), second.heard);
    }
  }

  @Test
  void registeringWeaklyKeepsTheBusAndHoldsItsListenersWeakly() {
    try (MessageBus bus = MessageBus.create()) {
      HeraldModule weak = new HeraldModule(bus).registeringWeakly();

      Guice.createInjector(weak).getInstance(Tower.class);

      assertSame(bus, weak.bus());
      assertTrue(bus.describe().handlers().get(0).isWeak());
    }
  }

  static final class Failing {
    @Subscribe
    void on(Alarm alarm) {
      throw new IllegalStateException("no radar");
    }
  }
}
