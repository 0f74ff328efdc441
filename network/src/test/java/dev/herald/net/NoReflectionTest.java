package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The network module promises no reflection and no {@code java.lang.invoke}: not even
 * lambdas or indy string concatenation. Checked on the compiled classes' constant pools.
 */
class NoReflectionTest {

  private static final List<String> FORBIDDEN = List.of("java/lang/reflect", "java/lang/invoke", "forName");

  @Test
  void mainClassesReferNeitherToReflectionNorToInvokedynamic() throws IOException {
    Path classes = Path.of("target", "classes", "dev", "herald", "net");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList());
    }
    assertTrue(files.size() > 10, "found the compiled classes");
    for (Path file : files) {
      // Constant-pool UTF-8 entries are stored as plain ASCII for these names.
      String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
      for (String forbidden : FORBIDDEN) {
        assertFalse(content.contains(forbidden), file.getFileName() + " refers to " + forbidden);
      }
    }
  }
}
