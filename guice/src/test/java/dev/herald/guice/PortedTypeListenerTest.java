package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.Provides;
import com.google.inject.TypeLiteral;
import com.google.inject.matcher.Matchers;
import com.google.inject.name.Named;
import com.google.inject.name.Names;
import com.google.inject.spi.InjectionListener;
import com.google.inject.spi.TypeEncounter;
import com.google.inject.spi.TypeListener;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An application ported from Guava keeps its own type listener, which registers every injected
 * object, beside the module: registration is by identity, so each listener is registered once and
 * hears each message once.
 */
class PortedTypeListenerTest {
  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();

  @AfterEach
  void closeBus() {
    bus.close();
  }

  @Test
  void thePortedListenerBeforeTheModuleLeavesOneRegistrationEach() {
    assertOneRegistrationEach(Guice.createInjector(portedModule(), new HeraldModule(bus), game()));
  }

  @Test
  void thePortedListenerAfterTheModuleLeavesOneRegistrationEach() {
    assertOneRegistrationEach(Guice.createInjector(new HeraldModule(bus), game(), portedModule()));
  }

  private void assertOneRegistrationEach(Injector injector) {
    Tower tower = injector.getInstance(Tower.class);
    Radar first = injector.getInstance(Radar.class);
    Radar second = injector.getInstance(Radar.class);
    Radar provided = injector.getInstance(Key.get(Radar.class, named("provided")));
    Radar bound = injector.getInstance(Key.get(Radar.class, named("instance")));

    assertEquals(5, bus.describe().registrations());
    assertEquals(5, bus.post(new Alarm("fire")));
    for (Radar radar : List.of(first, second, provided, bound)) {
      assertEquals(List.of(new Alarm("fire")), radar.heard);
    }
    assertEquals(List.of(new Alarm("fire")), tower.heard);
  }

  /** Guava's pattern, with Herald's lenient register: every injected object, listener or not. */
  private Module portedModule() {
    return new AbstractModule() {
      @Override
      protected void configure() {
        bindListener(
            Matchers.any(),
            new TypeListener() {
              @Override
              public <I> void hear(TypeLiteral<I> type, TypeEncounter<I> encounter) {
                encounter.register(
                    (InjectionListener<I>) injectee -> bus.registerIfListener(injectee));
              }
            });
      }
    };
  }

  private static Module game() {
    return new AbstractModule() {
      @Override
      protected void configure() {
        bind(Radar.class).annotatedWith(named("instance")).toInstance(new Radar());
      }

      @Provides
      @Named("provided")
      Radar provided() {
        return new Radar();
      }
    };
  }

  private static Named named(String name) {
    return Names.named(name);
  }
}
