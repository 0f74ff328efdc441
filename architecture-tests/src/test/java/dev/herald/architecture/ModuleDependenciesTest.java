package dev.herald.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.nats.NatsBridge;
import dev.herald.internal.generated.Dispatcher;
import dev.herald.net.Connection;
import dev.herald.peers.UdpBridge;
import dev.herald.wire.CodecRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Which packages each published module may use, read from its class files. The layers: the
 * annotations and the generated-code contract at the bottom; the runtime, the codecs and the
 * network layer each on the JDK alone (and the runtime on the contract); the networked bus and
 * the NATS bridge joining them. A use outside its module's list is a change of architecture,
 * to be made here on purpose, never by accident.
 */
class ModuleDependenciesTest {
  /** What every module may use of the JDK: the base module's ordinary packages (no reflection). */
  private static final List<String> JDK =
      List.of("java/lang", "java/lang/annotation", "java/lang/ref", "java/util",
          "java/util/concurrent", "java/util/concurrent/atomic", "java/util/concurrent/locks",
          "java/util/function", "java/util/regex", "java/io", "java/nio", "java/nio/charset",
          "java/time", "java/math", "java/security");

  @Test
  void theAnnotationsUseNothingButTheLanguage() {
    assertUses(Subscribe.class, List.of("java/lang", "java/lang/annotation", "dev/herald/annotation"));
  }

  @Test
  void theGeneratedCodeContractUsesTheJdkAlone() {
    assertUses(Dispatcher.class, with(JDK, "dev/herald/internal/generated"));
  }

  @Test
  void theCodecsUseTheJdkAlone() {
    assertUses(CodecRegistry.class, with(JDK, "dev/herald/wire"));
  }

  @Test
  void theRuntimeUsesTheJdkAndTheGeneratedCodeContract() {
    assertUses(MessageBus.class,
        with(JDK, "dev/herald", "dev/herald/bridge", "dev/herald/internal", "dev/herald/internal/generated"));
  }

  @Test
  void theNetworkLayerUsesTheJdkAndItsSockets() {
    assertUses(Connection.class,
        with(JDK, "java/net", "java/nio/channels", "javax/crypto", "javax/crypto/spec",
            "dev/herald/net", "dev/herald/net/udp", "dev/herald/net/simulation"));
  }

  @Test
  void theUdpBridgeJoinsTheRuntimeTheCodecsAndTheNetwork() {
    assertUses(UdpBridge.class,
        with(JDK, "java/net", "dev/herald", "dev/herald/bridge", "dev/herald/wire", "dev/herald/net",
            "dev/herald/net/udp", "dev/herald/peers"));
  }

  @Test
  void theNatsBridgeJoinsTheRuntimeTheCodecsAndJnats() {
    assertUses(NatsBridge.class,
        with(JDK, "java/net", "dev/herald", "dev/herald/bridge", "dev/herald/wire", "dev/herald/nats",
            "io/nats/client", "io/nats/client/api", "io/nats/client/impl", "io/nats/client/support"));
  }

  /** Asserts that the classes of {@code type}'s artifact use no package outside {@code allowed}. */
  private static void assertUses(Class<?> type, List<String> allowed) {
    Set<String> allowedPackages = Set.copyOf(allowed);
    Map<String, Set<String>> outside = new TreeMap<>();
    ClassFiles.of(type).forEach((name, file) -> {
      if (name.endsWith("module-info.class")) {
        return; // names modules, not packages: javac checks those against the requires
      }
      for (String used : file.referencedClasses) {
        String usedPackage = used.contains("/") ? used.substring(0, used.lastIndexOf('/')) : "";
        if (!allowedPackages.contains(usedPackage)) {
          outside.computeIfAbsent(usedPackage, p -> new TreeSet<>()).add(used + " (in " + name + ")");
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
