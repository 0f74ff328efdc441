package dev.herald.wire.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.wire.CodecRegistry;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Herald's promise for codecs: no reflection and no {@code java.lang.invoke}, neither in
 * herald-wire nor in the codecs the processor generates (lambdas and indy string concatenation
 * would show up as invokedynamic, whose bootstrap names {@code java/lang/invoke}). Checked on
 * the class files' constant pools.
 */
class NoReflectionTest {
  private static final List<String> FORBIDDEN =
      List.of("java/lang/reflect/", "java/lang/invoke/", "forName", "newInstance",
          "getDeclaredMethod", "getDeclaredField", "getDeclaredConstructor");

  @Test
  void heraldWireUsesNoReflection() throws Exception {
    Map<String, byte[]> classes = classFilesOf(CodecRegistry.class);
    assertTrue(classes.size() >= 8, classes.keySet().toString());
    assertEquals(Map.of(), violations(classes));
  }

  @Test
  void generatedCodecsUseNoReflection() throws Exception {
    Map<String, byte[]> codecs = new TreeMap<>();
    classFilesOf(NoReflectionTest.class).forEach((name, bytes) -> {
      if (name.endsWith("_Codec.class")) {
        codecs.put(name, bytes);
      }
    });
    assertEquals(10, codecs.size(), codecs.keySet().toString());
    assertEquals(Map.of(), violations(codecs));
  }

  @Test
  void theScanSeesALambda() throws Exception {
    Map<String, byte[]> mine = new TreeMap<>();
    mine.put("UsesALambda", classFilesOf(NoReflectionTest.class)
        .get("dev/herald/wire/tests/NoReflectionTest$UsesALambda.class"));
    assertEquals(List.of("java/lang/invoke/"), violations(mine).get("UsesALambda"));
  }

  static final class UsesALambda {
    final Runnable task = () -> {};
  }

  private static Map<String, List<String>> violations(Map<String, byte[]> classes) {
    Map<String, List<String>> violations = new TreeMap<>();
    for (Map.Entry<String, byte[]> file : classes.entrySet()) {
      // constant-pool UTF-8 entries of these names are plain ASCII in the class file
      String content = new String(file.getValue(), StandardCharsets.ISO_8859_1);
      List<String> found = new ArrayList<>();
      for (String forbidden : FORBIDDEN) {
        if (content.contains(forbidden)) {
          found.add(forbidden);
        }
      }
      if (!found.isEmpty()) {
        violations.put(file.getKey(), found);
      }
    }
    return violations;
  }

  /** Every class file in the directory or jar that {@code type} was loaded from. */
  private static Map<String, byte[]> classFilesOf(Class<?> type) throws IOException, URISyntaxException {
    Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    Map<String, byte[]> files = new TreeMap<>();
    if (Files.isDirectory(location)) {
      try (Stream<Path> paths = Files.walk(location)) {
        for (Path path : (Iterable<Path>) paths::iterator) {
          if (path.toString().endsWith(".class")) {
            files.put(location.relativize(path).toString().replace('\\', '/'), Files.readAllBytes(path));
          }
        }
      }
    } else {
      try (JarFile jar = new JarFile(location.toFile())) {
        for (JarEntry entry : java.util.Collections.list(jar.entries())) {
          if (entry.getName().endsWith(".class")) {
            files.put(entry.getName(), jar.getInputStream(entry).readAllBytes());
          }
        }
      }
    }
    return files;
  }
}
