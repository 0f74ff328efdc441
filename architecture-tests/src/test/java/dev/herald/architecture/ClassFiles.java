package dev.herald.architecture;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/** The class files of one artifact, found where a class of it was loaded from. */
final class ClassFiles {
  private ClassFiles() {}

  /**
   * Every class file, by its path in the jar or directory ({@code dev/herald/MessageBus.class}), of
   * the artifact {@code type} was loaded from, whatever the working directory.
   */
  static Map<String, ClassFile> of(Class<?> type) {
    try {
      Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
      Map<String, ClassFile> files = new TreeMap<>();
      if (Files.isDirectory(location)) {
        try (Stream<Path> paths = Files.walk(location)) {
          for (Path path : (Iterable<Path>) paths::iterator) {
            if (path.toString().endsWith(".class")) {
              String name = location.relativize(path).toString().replace('\\', '/');
              files.put(name, ClassFile.parse(Files.readAllBytes(path)));
            }
          }
        }
      } else {
        try (JarFile jar = new JarFile(location.toFile())) {
          for (JarEntry entry : Collections.list(jar.entries())) {
            if (entry.getName().endsWith(".class")) {
              try (InputStream in = jar.getInputStream(entry)) {
                files.put(entry.getName(), ClassFile.parse(in.readAllBytes()));
              }
            }
          }
        }
      }
      assertFalse(files.isEmpty(), "no class files at " + location);
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The files of {@code type}'s artifact that Herald's processor generated. */
  static Map<String, ClassFile> generatedOf(Class<?> type) {
    Map<String, ClassFile> generated = new TreeMap<>();
    of(type)
        .forEach(
            (name, file) -> {
              if (name.endsWith("_Codec.class")
                  || name.endsWith("_Dispatcher.class")
                  || name.contains("_Dispatcher$")
                  || name.contains("HeraldIndex")) {
                generated.put(name, file);
              }
            });
    return generated;
  }
}
