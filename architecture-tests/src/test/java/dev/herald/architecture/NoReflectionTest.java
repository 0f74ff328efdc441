package dev.herald.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.guice.HeraldModule;
import dev.herald.internal.generated.Dispatcher;
import dev.herald.micrometer.UdpNodeMetrics;
import dev.herald.nats.NatsBridge;
import dev.herald.net.Connection;
import dev.herald.net.testkit.NetworkSimulator;
import dev.herald.peers.UdpBridge;
import dev.herald.sample.DemoGame;
import dev.herald.spring.HeraldListenerRegistrar;
import dev.herald.time.Ticker;
import dev.herald.tools.MessageMapTool;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.tests.Kinds;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Herald's promise: no reflection in any library artifact nor in generated code (docs/DESIGN.md
 * rule 20): no java.lang.reflect, no java.lang.invoke (so no lambda, method reference or indy
 * string concatenation), no Class.forName, no newInstance. The one check of it, on the class files
 * of every published artifact and of the code the processor generates for the sample and for the
 * codecs of every field kind.
 */
class NoReflectionTest {

  @Test
  void theAnnotationsUseNoReflection() {
    assertClean(ClassFiles.of(Subscribe.class), 2);
  }

  @Test
  void theSpiUsesNoReflection() {
    assertClean(ClassFiles.of(Dispatcher.class), 4);
  }

  @Test
  void theTimeSourceUsesNoReflection() {
    assertClean(ClassFiles.of(Ticker.class), 2);
  }

  @Test
  void theRuntimeUsesNoReflection() {
    assertClean(ClassFiles.of(MessageBus.class), 40);
  }

  @Test
  void theCodecsUseNoReflection() {
    assertClean(ClassFiles.of(CodecRegistry.class), 8);
  }

  @Test
  void theNetworkUsesNoReflection() {
    assertClean(ClassFiles.of(Connection.class), 10);
  }

  @Test
  void theNetworkTestKitUsesNoReflection() {
    assertClean(ClassFiles.of(NetworkSimulator.class), 6);
  }

  @Test
  void theUdpBridgeUsesNoReflection() {
    assertClean(ClassFiles.of(UdpBridge.class), 4);
  }

  @Test
  void theSpringBootIntegrationUsesNoReflection() {
    // it finds listeners through the generated index, never by reading methods or annotations
    assertClean(ClassFiles.of(HeraldListenerRegistrar.class), 10);
  }

  @Test
  void theNatsBridgeUsesNoReflection() {
    assertClean(ClassFiles.of(NatsBridge.class), 15);
  }

  @Test
  void theMicrometerBindersUseNoReflection() {
    assertClean(ClassFiles.of(UdpNodeMetrics.class), 6);
  }

  @Test
  void theGuiceModuleUsesNoReflection() {
    assertClean(ClassFiles.of(HeraldModule.class), 6);
  }

  @Test
  void theToolsUseNoReflection() {
    assertClean(ClassFiles.of(MessageMapTool.class), 5);
  }

  @Test
  void generatedDispatchersAndCodecsUseNoReflection() {
    Map<String, ClassFile> generated = new TreeMap<>(ClassFiles.generatedOf(DemoGame.class));
    generated.putAll(ClassFiles.generatedOf(Kinds.class));

    assertTrue(
        generated.keySet().stream().anyMatch(name -> name.endsWith("_Dispatcher$Call.class")),
        generated.keySet().toString());
    assertTrue(
        generated.containsKey("dev/herald/wire/tests/Kinds_Codec.class"),
        generated.keySet().toString());
    assertTrue(generated.size() >= 20, generated.keySet().toString());
    assertEquals(Map.of(), violations(generated));
  }

  @Test
  void theCheckCatchesLambdasAndReflection() throws IOException {
    Map<String, ClassFile> mine = new TreeMap<>();
    mine.put("lambda", parse(NoReflectionTest.class));
    mine.put("reflection", parse(UsesReflection.class));

    Map<String, List<String>> found = violations(mine);

    assertTrue(found.get("lambda").contains("invokedynamic"), found.toString());
    assertTrue(found.get("reflection").contains("java/lang/Class.forName"), found.toString());
  }

  static final class UsesReflection {
    Object load() throws Exception {
      return Class.forName("java.lang.String").getDeclaredConstructor().newInstance();
    }
  }

  private static ClassFile parse(Class<?> type) throws IOException {
    String fileName = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
    try (InputStream in = type.getResourceAsStream(fileName)) {
      return ClassFile.parse(in.readAllBytes());
    }
  }

  /**
   * Asserts that the artifact has at least {@code atLeast} classes (so the right one was found) and
   * no reflection.
   */
  private static void assertClean(Map<String, ClassFile> classes, int atLeast) {
    assertTrue(classes.size() >= atLeast, classes.keySet().toString());
    assertEquals(Map.of(), violations(classes));
  }

  private static Map<String, List<String>> violations(Map<String, ClassFile> classes) {
    Map<String, List<String>> found = new TreeMap<>();
    classes.forEach(
        (name, file) -> {
          if (!file.reflection.isEmpty()) {
            found.put(name, file.reflection);
          }
        });
    return found;
  }
}
