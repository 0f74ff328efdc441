package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The bridge keeps Herald's promise: no reflection and no {@code java.lang.invoke} (lambdas,
 * records' methods and indy string concatenation would show up as invokedynamic, whose bootstrap
 * names {@code java/lang/invoke}), checked on the class files' constant pools.
 */
class NoReflectionTest {
  private static final List<String> FORBIDDEN =
      List.of("java/lang/reflect/", "java/lang/invoke/", "forName", "newInstance");

  @Test
  void theBridgeUsesNoReflection() throws Exception {
    Path classes = Path.of(NatsBridge.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Map<String, String> violations = new TreeMap<>();
    int scanned = 0;
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
        scanned++;
        String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        for (String forbidden : FORBIDDEN) {
          if (content.contains(forbidden)) {
            violations.merge(classes.relativize(file).toString(), forbidden, (x, y) -> x + " " + y);
          }
        }
      }
    }
    assertTrue(scanned >= 15, "scanned " + scanned + " class files in " + classes);
    assertEquals(Map.of(), violations);
  }
}
