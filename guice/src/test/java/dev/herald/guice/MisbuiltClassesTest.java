package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.AbstractModule;
import com.google.inject.ConfigurationException;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.ProvisionException;
import com.google.inject.Singleton;
import com.google.inject.Stage;
import com.google.inject.spi.Message;
import dev.herald.MessageBus;
import dev.herald.testing.WithoutProcessor;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A class whose {@code @Subscribe} methods have no dispatcher fails the injector with Guice's
 * error, whose message names the class, its methods and the fix; it is never injected unregistered
 * in silence.
 */
class MisbuiltClassesTest {
  private final MessageBus bus = MessageBus.create();

  @TempDir Path dir;

  @AfterEach
  void closeBus() {
    bus.close();
  }

  @Test
  void aClassCompiledWithoutTheProcessorFailsTheInjectorNamingItsHandlers() throws Exception {
    Class<?> unprocessed = unprocessedRadar();

    CreationException error =
        assertThrows(
            CreationException.class,
            () -> Guice.createInjector(new HeraldModule(bus), binding(unprocessed)));

    assertEquals(1, error.getErrorMessages().size());
    String own = error.getErrorMessages().iterator().next().getMessage();
    assertTrue(own.startsWith("Cannot register UnprocessedRadar: "), "Herald's text alone: " + own);
    String message = error.getMessage();
    assertTrue(message.contains("Cannot register UnprocessedRadar"), message);
    assertTrue(message.contains("UnprocessedRadar.onAlarm"), message);
    assertTrue(message.contains("compiled without Herald's annotation processor"), message);
    assertTrue(message.contains("annotationProcessorPaths"), message);
    assertTrue(message.contains("configure(MisbuiltClassesTest.java:"), "where it is bound");
    assertEquals(0, bus.describe().registrations());
  }

  @Test
  void aJustInTimeBindingOfSuchAClassFailsWhereItIsAskedFor() throws Exception {
    Class<?> unprocessed = unprocessedRadar();
    Injector injector = Guice.createInjector(new HeraldModule(bus));

    ConfigurationException error =
        assertThrows(ConfigurationException.class, () -> injector.getInstance(unprocessed));

    assertTrue(error.getMessage().contains("UnprocessedRadar.onAlarm"), error.getMessage());
    assertEquals(0, bus.describe().registrations());
  }

  @Test
  void aLeftoverGuavaSubscribeFailsTheInjectorNamingGuavasAnnotation() throws Exception {
    Class<?> ported =
        WithoutProcessor.compile(
            dir,
            MisbuiltClassesTest.class.getClassLoader(),
            "PortedRadar",
            "public class PortedRadar {\n"
                + "  @com.google.common.eventbus.Subscribe\n"
                + "  public void onAlarm(Object alarm) {}\n"
                + "}\n");

    CreationException error =
        assertThrows(
            CreationException.class,
            () -> Guice.createInjector(new HeraldModule(bus), binding(ported)));

    // Guice's own text shortens qualified names (with a legend below it); each message has them
    assertTrue(error.getMessage().contains("PortedRadar.onAlarm"), error.getMessage());
    assertTrue(error.getMessage().contains("eventbus.Subscribe:"), error.getMessage());
    String message = error.getErrorMessages().iterator().next().getMessage();
    assertTrue(message.contains("Guava EventBus's @com.google.common.eventbus.Subscribe"), message);
    assertTrue(message.contains("which Herald does not read"), message);
    assertTrue(message.contains("@dev.herald.annotation.Subscribe"), message);
    assertFalse(message.contains("annotationProcessorPaths"), message);
  }

  @Test
  void aClassKeptOnGuavaOnPurposeIsSkippedByABusThatIgnoresForeignSubscribe() throws Exception {
    Class<?> stillOnGuava =
        WithoutProcessor.compile(
            dir,
            MisbuiltClassesTest.class.getClassLoader(),
            "StillOnGuava",
            "public class StillOnGuava {\n"
                + "  @com.google.common.eventbus.Subscribe\n"
                + "  public void onAlarm(Object alarm) {}\n"
                + "}\n");
    MessageBus tolerant = MessageBus.builder().ignoreForeignSubscribe().build();

    com.google.inject.Injector injector =
        Guice.createInjector(new HeraldModule(tolerant), binding(stillOnGuava));

    injector.getInstance(stillOnGuava);
    assertEquals(0, tolerant.describe().registrations());
  }

  @Test
  void anInstanceBindingOfSuchAClassFailsTheInjector() throws Exception {
    Object instance = unprocessedRadar().getConstructor().newInstance();

    CreationException error =
        assertThrows(
            CreationException.class,
            () ->
                Guice.createInjector(
                    new HeraldModule(bus),
                    new AbstractModule() {
                      @Override
                      protected void configure() {
                        bind(Object.class).toInstance(instance);
                      }
                    }));

    assertTrue(error.getMessage().contains("UnprocessedRadar.onAlarm"), error.getMessage());
  }

  @Test
  void everyMisbuiltClassIsReportedAtOnce() throws Exception {
    Class<?> unprocessed = unprocessedRadar();
    Class<?> other =
        WithoutProcessor.compile(
            dir,
            MisbuiltClassesTest.class.getClassLoader(),
            "UnprocessedTower",
            "public class UnprocessedTower {\n"
                + "  @dev.herald.annotation.Subscribe public void onAlarm(Object alarm) {}\n"
                + "}\n");

    CreationException error =
        assertThrows(
            CreationException.class,
            () ->
                Guice.createInjector(
                    new HeraldModule(bus),
                    binding(unprocessed),
                    binding(other),
                    binding(Radar.class)));

    assertEquals(2, error.getErrorMessages().size());
    StringBuilder messages = new StringBuilder();
    for (Message each : error.getErrorMessages()) {
      messages.append(each.getMessage()).append('\n');
    }
    assertTrue(messages.toString().contains("UnprocessedRadar.onAlarm"), messages.toString());
    assertTrue(messages.toString().contains("UnprocessedTower.onAlarm"), messages.toString());
  }

  @Test
  void aProviderReturningSuchAnObjectFailsItsProvision() throws Exception {
    Class<?> unprocessed = unprocessedRadar();
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                bind(Object.class)
                    .toProvider(
                        new Provider<Object>() {
                          @Override
                          public Object get() {
                            try {
                              return unprocessed.getConstructor().newInstance();
                            } catch (ReflectiveOperationException e) {
                              throw new AssertionError(e);
                            }
                          }
                        });
              }
            });

    ProvisionException error =
        assertThrows(ProvisionException.class, () -> injector.getInstance(Object.class));

    assertTrue(error.getMessage().contains("UnprocessedRadar.onAlarm"), error.getMessage());
    assertEquals(0, bus.describe().registrations());
  }

  @Test
  void aJustInTimeBindingOfSuchAClassFailsEveryTimeNamingTheFixAndTheBusGoesOn() throws Exception {
    Class<?> unprocessed = unprocessedRadar();
    Object instance = unprocessed.getConstructor().newInstance();
    Injector injector = Guice.createInjector(new HeraldModule(bus));

    ConfigurationException first =
        assertThrows(ConfigurationException.class, () -> injector.getInstance(unprocessed));
    assertThrows(ConfigurationException.class, () -> injector.getInstance(unprocessed));
    assertThrows(ConfigurationException.class, () -> injector.getProvider(unprocessed));
    assertThrows(ConfigurationException.class, () -> injector.injectMembers(instance));
    assertThrows(ConfigurationException.class, () -> injector.getMembersInjector(unprocessed));

    assertTrue(first.getMessage().contains("Cannot register UnprocessedRadar"), first.getMessage());
    assertTrue(first.getMessage().contains("annotationProcessorPaths"), first.getMessage());
    assertEquals(0, bus.describe().registrations());
    Radar radar = injector.getInstance(Radar.class);
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), radar.heard);
  }

  @Test
  void aChildInjectorBindingSuchAClassFailsAndLeavesTheParentAndItsBusAsTheyWere()
      throws Exception {
    Class<?> unprocessed = unprocessedRadar();
    Injector parent = Guice.createInjector(new HeraldModule(bus));
    Tower tower = parent.getInstance(Tower.class);

    CreationException error =
        assertThrows(
            CreationException.class,
            () ->
                parent.createChildInjector(
                    new AbstractModule() {
                      @Override
                      protected void configure() {
                        bind(Radar.class).asEagerSingleton();
                        bind(unprocessed);
                      }
                    }));

    assertEquals(1, error.getErrorMessages().size());
    assertTrue(error.getMessage().contains("UnprocessedRadar.onAlarm"), error.getMessage());
    assertTrue(error.getMessage().contains("configure(MisbuiltClassesTest.java:"), "where");
    assertEquals(1, bus.describe().registrations(), "the parent's tower alone");
    assertThrows(
        ConfigurationException.class, () -> parent.createChildInjector().getInstance(unprocessed));
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), tower.heard);
  }

  @Test
  void inTheProductionStageASingletonProviderOfSuchAnObjectFailsTheInjector() throws Exception {
    Class<?> unprocessed = unprocessedRadar();

    CreationException error =
        assertThrows(
            CreationException.class,
            () ->
                Guice.createInjector(
                    Stage.PRODUCTION,
                    new HeraldModule(bus),
                    new AbstractModule() {
                      @Provides
                      @Singleton
                      Object listener() throws ReflectiveOperationException {
                        return unprocessed.getConstructor().newInstance();
                      }
                    }));

    assertTrue(error.getMessage().contains("UnprocessedRadar.onAlarm"), error.getMessage());
    assertTrue(error.getMessage().contains("annotationProcessorPaths"), error.getMessage());
  }

  private Class<?> unprocessedRadar() throws Exception {
    return WithoutProcessor.compile(
        dir,
        MisbuiltClassesTest.class.getClassLoader(),
        "UnprocessedRadar",
        "public class UnprocessedRadar {\n"
            + "  @dev.herald.annotation.Subscribe public void onAlarm(Object alarm) {}\n"
            + "}\n");
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
