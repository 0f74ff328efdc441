package dev.herald.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;

/**
 * Compiles a class as a build without Herald's processor does ({@code -proc:none}), against the
 * test's class path, and loads it in a class loader of its own: a listener whose {@code @Subscribe}
 * methods have no dispatcher, or one still marked for another bus after a port.
 */
public final class WithoutProcessor {
  private WithoutProcessor() {}

  /**
   * The public class {@code className} of the default package, compiled from {@code source} into
   * {@code dir} beside a stub of each annotation named in {@code annotationStubs} (kept at run
   * time, as Guava's is), and loaded by a new loader whose parent is {@code parent}.
   */
  public static Class<?> compile(
      Path dir, ClassLoader parent, String className, String source, String... annotationStubs)
      throws Exception {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "-proc:none", "-d", dir.toString(), "-cp", System.getProperty("java.class.path")));
    arguments.add(Files.writeString(dir.resolve(className + ".java"), source).toString());
    for (String annotation : annotationStubs) {
      int dot = annotation.lastIndexOf('.');
      Path stub = dir.resolve(annotation.replace('.', '/') + ".java");
      Files.createDirectories(stub.getParent());
      Files.writeString(
          stub,
          "package "
              + annotation.substring(0, dot)
              + ";\n@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)"
              + "\npublic @interface "
              + annotation.substring(dot + 1)
              + " {}\n");
      arguments.add(stub.toString());
    }
    int status =
        ToolProvider.getSystemJavaCompiler()
            .run(null, null, null, arguments.toArray(new String[0]));
    assertEquals(0, status, "javac's exit status");
    return new URLClassLoader(new URL[] {dir.toUri().toURL()}, parent).loadClass(className);
  }
}
