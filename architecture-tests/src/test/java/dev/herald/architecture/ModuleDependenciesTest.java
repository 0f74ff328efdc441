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
import dev.herald.time.Ticker;
import dev.herald.tools.MessageMapTool;
import dev.herald.wire.CodecRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Which packages each published module may use, read from its class files. The layers: the
 * annotations, the generated-code contract and the time source at the bottom; the runtime, the
 * codecs and the network layer each on the JDK alone (the runtime also on the contract, the runtime
 * and the network on the time source); the network test kit on the network; the networked bus and
 * the NATS bridge joining them; the Micrometer binders joining Micrometer to those; the Guice
 * module joining Guice's API to the bus; the tools, which read files, on the JDK alone. The network
 * layer and the NATS bridge may also record JDK Flight Recorder events. A use outside its module's
 * list is a change of architecture, to be made here on purpose, never by accident.
 */
class ModuleDependenciesTest {
  /** What every module may use of the JDK: the base module's ordinary packages (no reflection). */
  private static final List<String> JDK =
      List.of(
          "java/lang",
          "java/lang/annotation",
          "java/lang/ref",
          "java/util",
          "java/util/concurrent",
          "java/util/concurrent/atomic",
          "java/util/concurrent/locks",
          "java/util/function",
          "java/util/regex",
          "java/io",
          "java/nio",
          "java/nio/charset",
          "java/time",
          "java/math",
          "java/security");

  @Test
  void theAnnotationsUseNothingButTheLanguage() {
    assertUses(
        Subscribe.class, List.of("java/lang", "java/lang/annotation", "dev/herald/annotation"));
  }

  @Test
  void theGeneratedCodeContractUsesTheJdkAlone() {
    assertUses(Dispatcher.class, with(JDK, "dev/herald/internal/generated"));
  }

  @Test
  void theTimeSourceUsesNothingButTheLanguageAndItsDurations() {
    assertUses(Ticker.class, List.of("java/lang", "java/time", "dev/herald/time"));
  }

  @Test
  void theCodecsUseTheJdkAlone() {
    assertUses(CodecRegistry.class, with(JDK, "dev/herald/wire"));
  }

  /** And Flight Recorder, whose events ({@code dev.herald.*}) say what the bus does. */
  @Test
  void theRuntimeUsesTheJdkAndTheGeneratedCodeContract() {
    assertUses(
        MessageBus.class,
        with(
            JDK,
            "jdk/jfr",
            "dev/herald",
            "dev/herald/bridge",
            "dev/herald/internal",
            "dev/herald/internal/generated",
            "dev/herald/time"));
  }

  @Test
  void theNetworkLayerUsesTheJdkAndItsSockets() {
    assertUses(
        Connection.class,
        with(
            JDK,
            "java/net",
            "java/nio/channels",
            "javax/crypto",
            "javax/crypto/spec",
            "jdk/jfr",
            "dev/herald/net",
            "dev/herald/net/udp",
            "dev/herald/time"));
  }

  @Test
  void theNetworkJarShipsNoTestKit() {
    Set<String> testKit = new TreeSet<>();
    ClassFiles.of(Connection.class)
        .keySet()
        .forEach(
            name -> {
              if (name.startsWith("dev/herald/net/testkit/")
                  || name.startsWith("dev/herald/net/simulation/")
                  || name.contains("LossyRelay")
                  || name.contains("ManualTicker")) {
                testKit.add(name);
              }
            });
    assertEquals(Set.of(), testKit, "test-kit classes in the production network jar");
    assertTrue(
        ClassFiles.of(NetworkSimulator.class)
            .containsKey("dev/herald/net/testkit/LossyRelay.class"),
        "the relay ships in the test kit");
  }

  @Test
  void theNetworkTestKitUsesTheNetworkAndItsSockets() {
    assertUses(
        NetworkSimulator.class,
        with(
            JDK,
            "java/net",
            "java/nio/channels",
            "dev/herald/net",
            "dev/herald/net/testkit",
            "dev/herald/time"));
  }

  @Test
  void theUdpBridgeJoinsTheRuntimeTheCodecsAndTheNetwork() {
    assertUses(
        UdpBridge.class,
        with(
            JDK,
            "java/net",
            "dev/herald",
            "dev/herald/bridge",
            "dev/herald/wire",
            "dev/herald/net",
            "dev/herald/net/udp",
            "dev/herald/peers",
            "dev/herald/time"));
  }

  @Test
  void theNatsBridgeJoinsTheRuntimeTheCodecsAndJnats() {
    assertUses(
        NatsBridge.class,
        with(
            JDK,
            "java/net",
            "dev/herald",
            "dev/herald/bridge",
            "dev/herald/wire",
            "dev/herald/nats",
            "jdk/jfr",
            "io/nats/client",
            "io/nats/client/api",
            "io/nats/client/impl",
            "io/nats/client/support"));
  }

  @Test
  void theMicrometerBindersJoinMicrometerToTheBusTheNetworkAndTheNatsBridge() {
    assertUses(
        UdpNodeMetrics.class,
        with(
            JDK,
            "java/net",
            "io/micrometer/core/instrument",
            "io/micrometer/core/instrument/binder",
            "dev/herald",
            "dev/herald/micrometer",
            "dev/herald/net",
            "dev/herald/net/udp",
            "dev/herald/nats"));
  }

  /** Guice's API alone: no internals of Guice's, and nothing of Guava's, which Guice brings. */
  @Test
  void theGuiceModuleJoinsGuiceToTheBus() {
    assertUses(
        HeraldModule.class,
        with(
            JDK,
            "dev/herald",
            "dev/herald/guice",
            "com/google/inject",
            "com/google/inject/binder",
            "com/google/inject/matcher",
            "com/google/inject/spi"));
  }

  @Test
  void theToolsReadFilesWithTheJdkAlone() {
    assertUses(
        MessageMapTool.class,
        with(JDK, "java/nio/file", "java/nio/file/attribute", "java/util/zip", "dev/herald/tools"));
  }

  /** Asserts that the classes of {@code type}'s artifact use no package outside {@code allowed}. */
  private static void assertUses(Class<?> type, List<String> allowed) {
    Set<String> allowedPackages = Set.copyOf(allowed);
    Map<String, Set<String>> outside = new TreeMap<>();
    ClassFiles.of(type)
        .forEach(
            (name, file) -> {
              if (name.endsWith("module-info.class")) {
                return; // names modules, not packages: javac checks those against the requires
              }
              for (String used : file.referencedClasses) {
                String usedPackage =
                    used.contains("/") ? used.substring(0, used.lastIndexOf('/')) : "";
                if (!allowedPackages.contains(usedPackage)) {
                  outside
                      .computeIfAbsent(usedPackage, p -> new TreeSet<>())
                      .add(used + " (in " + name + ")");
                }
              }
            });
    assertEquals(Map.of(), outside, "packages used outside the module's rule");
  }

  private static List<String> with(List<String> base, String... more) {
    List<String> all = new java.util.ArrayList<>(base);
    all.addAll(List.of(more));
    return all;
  }
}
