package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ignoreForeignSubscribe()} is one bus's setting: two buses sharing the JVM's dispatcher
 * lookup (and its per-class answers) each keep their own, whichever asks first, and mixed
 * hierarchies are judged as the javadoc says.
 */
public class ForeignSubscribeSettingsTest {
  private static final String GUAVA =
      "package com.google.common.eventbus;\n"
          + "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)\n"
          + "public @interface Subscribe {}\n";

  @TempDir Path dir;

  private final MessageBus strict = TestBuses.rethrowing();
  private final MessageBus tolerant =
      TestBuses.rethrowingBuilder().ignoreForeignSubscribe().build();

  @Test
  void theTolerantBusAskingFirstLeavesTheStrictBusRefusing() throws Exception {
    Object guava =
        compile(
            "GuavaFirstTolerant",
            "public class GuavaFirstTolerant {\n"
                + "  @com.google.common.eventbus.Subscribe public void onEvent(Object e) {}\n}\n");

    assertFalse(tolerant.hasHandlers(guava.getClass()));
    assertTrue(tolerant.registerIfListener(guava).isEmpty());
    assertThrows(IllegalArgumentException.class, () -> strict.registerIfListener(guava));
    assertThrows(IllegalArgumentException.class, () -> strict.hasHandlers(guava.getClass()));
  }

  @Test
  void theStrictBusAskingFirstLeavesTheTolerantBusSkipping() throws Exception {
    Object guava =
        compile(
            "GuavaFirstStrict",
            "public class GuavaFirstStrict {\n"
                + "  @com.google.common.eventbus.Subscribe public void onEvent(Object e) {}\n}\n");

    assertThrows(IllegalArgumentException.class, () -> strict.registerIfListener(guava));
    assertTrue(tolerant.registerIfListener(guava).isEmpty());
    assertFalse(tolerant.hasHandlers(guava.getClass()));
    assertThrows(IllegalArgumentException.class, () -> tolerant.register(guava));
    assertThrows(IllegalArgumentException.class, () -> strict.hasHandlers(guava.getClass()));
  }

  @Test
  void aGuavaSubclassOfAHeraldListenerIsRegisteredByBothForItsSuperclassHandlers()
      throws Exception {
    Object mixed =
        compile(
            "HalfPorted",
            "public class HalfPorted extends dev.herald.ForeignSubscribeSettingsTest.Ported {\n"
                + "  @com.google.common.eventbus.Subscribe public void onString(String s) {}\n}\n");

    assertTrue(strict.hasHandlers(mixed.getClass()));
    assertTrue(tolerant.hasHandlers(mixed.getClass()));
    assertTrue(strict.registerIfListener(mixed).isPresent());
    assertTrue(tolerant.registerIfListener(mixed).isPresent());
    strict.post(new Event("e"));
    assertEquals(List.of("e"), ((Ported) mixed).log);
  }

  @Test
  void heraldsSubscribeWithoutADispatcherBesideGuavasIsRefusedByBothAsUnprocessed()
      throws Exception {
    Object mixed =
        compile(
            "BothUnprocessed",
            "public class BothUnprocessed {\n"
                + "  @com.google.common.eventbus.Subscribe public void onString(String s) {}\n"
                + "  @dev.herald.annotation.Subscribe public void onEvent(Object e) {}\n}\n");

    for (MessageBus bus : List.of(tolerant, strict)) {
      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> bus.registerIfListener(mixed));
      assertTrue(refused.getMessage().contains("annotation processor"), refused.getMessage());
      assertThrows(IllegalArgumentException.class, () -> bus.hasHandlers(mixed.getClass()));
      assertThrows(IllegalArgumentException.class, () -> bus.register(mixed));
    }
  }

  @Test
  void aGuavaSuperclassBelowAnUnprocessedHeraldSubclassIsRefusedByTheTolerantBus()
      throws Exception {
    compile(
        "GuavaBase",
        "public class GuavaBase {\n"
            + "  @com.google.common.eventbus.Subscribe public void onString(String s) {}\n}\n");
    Object sub =
        compile(
            "HeraldOnTop",
            "public class HeraldOnTop extends GuavaBase {\n"
                + "  @dev.herald.annotation.Subscribe public void onEvent(Object e) {}\n}\n");

    assertThrows(IllegalArgumentException.class, () -> tolerant.registerIfListener(sub));
  }

  @Test
  void aPlainSubclassOfAGuavaListenerIsSkippedOnlyByTheTolerantBus() throws Exception {
    compile(
        "GuavaParent",
        "public class GuavaParent {\n"
            + "  @com.google.common.eventbus.Subscribe public void onString(String s) {}\n}\n");
    Object child = compile("PlainChild", "public class PlainChild extends GuavaParent {}\n");

    assertTrue(tolerant.registerIfListener(child).isEmpty());
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> strict.registerIfListener(child));
    assertTrue(refused.getMessage().contains("GuavaParent.onString"), refused.getMessage());
  }

  /** A listener compiled with the processor. */
  public static class Ported {
    final List<String> log = new ArrayList<>();

    @dev.herald.annotation.Subscribe
    void onEvent(Event event) {
      log.add(event.toString());
    }
  }

  /** Compiles {@code source} (and Guava's annotation) with {@code -proc:none}; instantiates it. */
  private Object compile(String className, String source) throws Exception {
    Path annotation = dir.resolve("com/google/common/eventbus/Subscribe.java");
    Files.createDirectories(annotation.getParent());
    Files.writeString(annotation, GUAVA);
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "-proc:none",
                "-d",
                dir.toString(),
                "-cp",
                dir + java.io.File.pathSeparator + System.getProperty("java.class.path")));
    arguments.add(annotation.toString());
    arguments.add(Files.writeString(dir.resolve(className + ".java"), source).toString());
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertEquals(0, javac.run(null, null, null, arguments.toArray(new String[0])));
    URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
    return loader.loadClass(className).getConstructor().newInstance();
  }
}
