package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles a class as a build without Herald's processor does ({@code -proc:none}), against the
 * test class path (Herald's annotations, and Guava's, which Guice brings), and loads it.
 */
final class WithoutProcessor {
  private WithoutProcessor() {}

  /** The public class {@code className}, of the default package, compiled into {@code dir}. */
  static Class<?> compile(Path dir, String className, String source) throws Exception {
    Path file = Files.writeString(dir.resolve(className + ".java"), source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int status =
        javac.run(
            null,
            null,
            null,
            "-proc:none",
            "-d",
            dir.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            file.toString());
    assertEquals(0, status, "javac's exit status");
    URLClassLoader loader =
        new URLClassLoader(
            new URL[] {dir.toUri().toURL()}, WithoutProcessor.class.getClassLoader());
    return loader.loadClass(className);
  }
}
