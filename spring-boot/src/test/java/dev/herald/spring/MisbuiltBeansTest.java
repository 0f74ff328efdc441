package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.testing.WithoutProcessor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.LazyInitializationBeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A bean whose class marks handlers that would never run fails the context's start, with a message
 * that names the bean, the methods and the fix: the processor did not run on it, or its annotation
 * is another bus's, left over from a port.
 */
class MisbuiltBeansTest {
  @TempDir Path dir;

  @Test
  void aBeanCompiledWithoutTheProcessorFailsTheStartNamingTheBeanAndTheFix() throws Exception {
    Class<?> radar =
        compileWithoutProcessor(
            "Radar",
            null,
            "public class Radar {\n"
                + "  @dev.herald.annotation.Subscribe void onGoal(dev.herald.spring.Goal g) {}\n"
                + "}\n");

    String failure = startFailure(radar);

    assertTrue(failure.contains("bean 'radar'"), failure);
    assertTrue(failure.contains("Radar.onGoal"), failure);
    assertTrue(failure.contains("compiled without Herald's annotation processor"), failure);
    assertTrue(failure.contains("annotationProcessorPaths"), failure);
  }

  @Test
  void aLeftoverGuavaSubscribeFailsTheStartNamingGuavasAnnotation() throws Exception {
    Class<?> ported =
        compileWithoutProcessor(
            "Ported",
            "com.google.common.eventbus",
            "public class Ported {\n"
                + "  @com.google.common.eventbus.Subscribe public void onGoal(Object g) {}\n"
                + "}\n");

    String failure = startFailure(ported);

    assertTrue(failure.contains("bean 'radar'"), failure);
    assertTrue(failure.contains("@com.google.common.eventbus.Subscribe"), failure);
    assertTrue(failure.contains("which Herald does not read"), failure);
    assertFalse(failure.contains("annotationProcessorPaths"), failure);
  }

  @Test
  void aBeanKeptOnGuavaOnPurposeIsSkippedWhenThePropertySaysSo() throws Exception {
    Class<?> stillOnGuava =
        compileWithoutProcessor(
            "StillOnGuava",
            "com.google.common.eventbus",
            "public class StillOnGuava {\n"
                + "  @com.google.common.eventbus.Subscribe public void onGoal(Object g) {}\n"
                + "}\n");

    new ApplicationContextRunner()
        .withClassLoader(stillOnGuava.getClassLoader())
        .withConfiguration(AutoConfigurations.of(HeraldAutoConfiguration.class))
        .withPropertyValues("herald.ignore-foreign-subscribe=true")
        .withBean("guavaListener", type(stillOnGuava))
        .run(
            context -> {
              assertEquals(null, context.getStartupFailure());
              assertEquals(
                  0, context.getBean(dev.herald.MessageBus.class).describe().registrations());
            });
  }

  @Test
  void aBeanKeptOnGuavaOnPurposeStaysLazyUnderLazyInitializationWhenThePropertySaysSo()
      throws Exception {
    Class<?> stillOnGuava =
        compileWithoutProcessor(
            "LazyOnGuava",
            "com.google.common.eventbus",
            "public class LazyOnGuava {\n"
                + "  public static int made;\n"
                + "  public LazyOnGuava() { made++; }\n"
                + "  @com.google.common.eventbus.Subscribe public void onGoal(Object g) {}\n"
                + "}\n");

    new ApplicationContextRunner()
        .withClassLoader(stillOnGuava.getClassLoader())
        .withConfiguration(AutoConfigurations.of(HeraldAutoConfiguration.class))
        .withPropertyValues("herald.ignore-foreign-subscribe=true")
        .withBean(LazyInitializationBeanFactoryPostProcessor.class)
        .withBean("guavaListener", type(stillOnGuava))
        .run(
            context -> {
              assertEquals(null, context.getStartupFailure());
              // the bus skips it, so nothing needs it made at start: it stays lazy as asked
              assertEquals(0, stillOnGuava.getField("made").getInt(null));
            });
  }

  @Test
  void aBeanWithoutMarkedMethodsIsNoListenerAndStartsQuietly() throws Exception {
    Class<?> plain =
        compileWithoutProcessor("Plain", null, "public class Plain { void onGoal(Object g) {} }");

    new ApplicationContextRunner()
        .withClassLoader(plain.getClassLoader())
        .withConfiguration(AutoConfigurations.of(HeraldAutoConfiguration.class))
        .withBean("plain", type(plain))
        .run(
            context -> {
              assertEquals(null, context.getStartupFailure());
              assertEquals(
                  0, context.getBean(dev.herald.MessageBus.class).describe().registrations());
            });
  }

  private String startFailure(Class<?> beanClass) {
    List<String> failure = new ArrayList<>();
    new ApplicationContextRunner()
        .withClassLoader(beanClass.getClassLoader())
        .withConfiguration(AutoConfigurations.of(HeraldAutoConfiguration.class))
        .withBean("radar", type(beanClass))
        .run(
            context -> {
              assertNotNull(context.getStartupFailure(), "the context started");
              failure.add(ListenerBeansTest.messages(context.getStartupFailure()));
            });
    return failure.get(0);
  }

  @SuppressWarnings("unchecked")
  private static Class<Object> type(Class<?> beanClass) {
    return (Class<Object>) beanClass;
  }

  /** Compiles {@code source} with {@code -proc:none}, beside a stub {@code Subscribe} if asked. */
  private Class<?> compileWithoutProcessor(String name, String annotationPackage, String source)
      throws Exception {
    String[] stubs =
        annotationPackage == null ? new String[0] : new String[] {annotationPackage + ".Subscribe"};
    return WithoutProcessor.compile(dir, getClass().getClassLoader(), name, source, stubs);
  }
}
