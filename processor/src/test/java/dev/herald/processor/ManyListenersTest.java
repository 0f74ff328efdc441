package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;

import com.google.testing.compile.JavaFileObjects;
import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.DispatcherIndex;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A large game's worth of listeners: nothing Herald generates may outgrow a class file. */
class ManyListenersTest {
  private static final int LISTENERS = 10_000;

  @Test
  void tenThousandListenersCompileAndEachIsFoundAndCalled(@TempDir Path dir) throws Throwable {
    List<JavaFileObject> sources = new ArrayList<>();
    sources.add(
        JavaFileObjects.forSourceString("big.Ping", "package big;\npublic class Ping {}\n"));
    for (int i = 0; i < LISTENERS; i++) {
      sources.add(
          JavaFileObjects.forSourceString(
              "big.L" + i,
              "package big;\n"
                  + "public class L"
                  + i
                  + " {\n"
                  + "  @dev.herald.annotation.Subscribe public void on(Ping p) {\n"
                  + "    dev.herald.processor.RebuildLog.add(\"L"
                  + i
                  + "\");\n"
                  + "  }\n"
                  + "}\n"));
    }
    Path classes = Files.createDirectories(dir.resolve("classes"));
    StringWriter errors = new StringWriter();
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null,
              files,
              d -> errors.write(d.getKind() + ": " + d.getMessage(Locale.ROOT) + "\n"),
              List.of(
                  "-d",
                  classes.toString(),
                  "-s",
                  Files.createDirectories(dir.resolve("gen")).toString(),
                  "-classpath",
                  System.getProperty("java.class.path"),
                  "-Aherald.index=big.BigIndex"),
              null,
              sources);
      task.setProcessors(Compilations.processors());
      assertThat(task.call()).isTrue();
    }
    assertThat(errors.toString()).isEmpty();

    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      Map<String, Dispatcher<?>> found = new HashMap<>();
      for (Dispatcher<?> dispatcher : ServiceLoader.load(Dispatcher.class, loader)) {
        found.put(dispatcher.listenerType().getName(), dispatcher);
      }
      assertThat(found).hasSize(LISTENERS);
      DispatcherIndex index =
          (DispatcherIndex) loader.loadClass("big.BigIndex").getConstructor().newInstance();
      assertThat(index.dispatchers()).hasSize(LISTENERS);

      @SuppressWarnings("unchecked")
      Dispatcher<Object> last = (Dispatcher<Object>) found.get("big.L" + (LISTENERS - 1));
      RebuildLog.drain();
      last.call(
          0,
          loader.loadClass("big.L" + (LISTENERS - 1)).getConstructor().newInstance(),
          loader.loadClass("big.Ping").getConstructor().newInstance());
      assertThat(RebuildLog.drain()).containsExactly("L" + (LISTENERS - 1));
    }
  }
}
