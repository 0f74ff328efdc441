package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;

import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.DispatcherIndex;
import dev.herald.internal.generated.HandlerInfo;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A project edited and rebuilt the ways builds do it: every source recompiled into a clean output
 * (Maven's incremental compilation, which deletes what the previous run created before it
 * recompiles), or only the changed sources with the earlier output on the class path (Maven with
 * incremental compilation off, an IDE). After each step, the program built must deliver to exactly
 * the current handlers, or the build must fail saying to build clean; and the message map must show
 * exactly the handlers of the registered dispatchers, no stale entry and none missing.
 */
class EditAndRebuildTest {

  private static final String PING = "package app;\npublic class Ping {}\n";
  private static final String PONG = "package app;\npublic class Pong {}\n";

  @TempDir Path project;

  @ParameterizedTest(name = "{0}, index option: {1}")
  @CsvSource({
    "ALL_SOURCES,false",
    "ALL_SOURCES,true",
    "CHANGED_SOURCES,false",
    "CHANGED_SOURCES,true"
  })
  void everyEditEndsInTheCurrentHandlersOrAnErrorThatSaysToBuildClean(
      Recompile recompile, boolean indexOption) throws Throwable {
    Build build = new Build(project, indexOption);
    build.write("Ping", PING);
    build.write("Pong", PONG);
    build.write("Base", listener("Base", "", "onPing", "Ping"));
    build.write("Sub", listener("Sub", "extends Base", "onPong", "Pong"));
    build.write("Gone", listener("Gone", "", "onPing", "Ping"));
    assertThat(build.compile(Recompile.ALL_SOURCES)).isEmpty();
    assertThat(build.deliveries("Base", "Sub", "Gone"))
        .containsExactly(
            "Base", List.of("Base.onPing(Ping)"),
            "Sub", List.of("Base.onPing(Ping)", "Sub.onPong(Pong)"),
            "Gone", List.of("Gone.onPing(Ping)"));
    assertThat(build.map()).isEqualTo(build.registeredHandlers());

    // delete a listener, add one
    build.delete("Gone");
    build.write("Fresh", listener("Fresh", "", "onPong", "Pong"));
    assertThat(build.compile(recompile)).isEmpty();
    assertThat(build.deliveries("Base", "Sub", "Fresh"))
        .containsExactly(
            "Base", List.of("Base.onPing(Ping)"),
            "Sub", List.of("Base.onPing(Ping)", "Sub.onPong(Pong)"),
            "Fresh", List.of("Fresh.onPong(Pong)"));
    assertThat(build.map()).isEqualTo(build.registeredHandlers());
    if (recompile == Recompile.ALL_SOURCES) {
      assertThat(build.map()).doesNotContainKey("app.Gone");
    }

    // change a handler's message type
    build.write("Base", listener("Base", "", "onPing", "Pong"));
    assertThat(build.compile(recompile)).isEmpty();
    assertThat(build.deliveries("Base", "Sub", "Fresh"))
        .containsExactly(
            "Base", List.of("Base.onPing(Pong)"),
            "Sub", List.of("Base.onPing(Pong)", "Sub.onPong(Pong)"),
            "Fresh", List.of("Fresh.onPong(Pong)"));
    assertThat(build.map()).isEqualTo(build.registeredHandlers());
    assertThat(build.map()).containsEntry("app.Base", List.of("onPing(app.Pong)"));

    // remove a subclass's own handler, keeping its parent's
    build.write("Sub", "package app;\npublic class Sub extends Base {}\n");
    String errors = build.compile(recompile);
    if (recompile == Recompile.CHANGED_SOURCES) {
      // the earlier Sub_Dispatcher is still in the output: only a clean build removes it
      assertThat(errors).contains(Diagnostics.STALE_DISPATCHER);
      assertThat(errors).contains("app.Sub_Dispatcher");
      assertThat(errors).contains("build clean");
      assertThat(build.compile(Recompile.ALL_SOURCES)).isEmpty();
    } else {
      assertThat(errors).isEmpty();
    }
    assertThat(build.deliveries("Base", "Sub", "Fresh"))
        .containsExactly(
            "Base", List.of("Base.onPing(Pong)"),
            "Sub", List.of("Base.onPing(Pong)"),
            "Fresh", List.of("Fresh.onPong(Pong)"));
    assertThat(build.map()).isEqualTo(build.registeredHandlers());
    assertThat(build.map()).doesNotContainKey("app.Sub");
  }

  enum Recompile {
    /** Maven with incremental compilation on: a clean output, every source. */
    ALL_SOURCES,
    /** Maven with incremental compilation off, an IDE: the changed sources, on the old output. */
    CHANGED_SOURCES
  }

  /** A listener whose handler records its class, method and message type. */
  private static String listener(String name, String superclass, String method, String message) {
    return "package app;\n"
        + "import dev.herald.annotation.Subscribe;\n"
        + "public class "
        + name
        + " "
        + superclass
        + " {\n"
        + "  @Subscribe public void "
        + method
        + "("
        + message
        + " m) {\n"
        + "    dev.herald.processor.RebuildLog.add(\""
        + name
        + "."
        + method
        + "("
        + message
        + ")\");\n"
        + "  }\n"
        + "}\n";
  }

  /** The sources of a small project, its output, and what changed since the last build. */
  private static final class Build {
    private final Path sources;
    private final Path classes;
    private final Path generated;
    private final boolean indexOption;
    private final List<String> changed = new ArrayList<>();

    Build(Path project, boolean indexOption) throws IOException {
      this.sources = Files.createDirectories(project.resolve("src/app"));
      this.classes = project.resolve("classes");
      this.generated = project.resolve("generated");
      this.indexOption = indexOption;
    }

    void write(String name, String source) throws IOException {
      Files.writeString(sources.resolve(name + ".java"), source);
      changed.add(name);
    }

    void delete(String name) throws IOException {
      Files.delete(sources.resolve(name + ".java"));
      changed.remove(name);
    }

    /** Compiles as the build would; returns the error messages, empty if it succeeded. */
    String compile(Recompile recompile) throws IOException {
      List<Path> toCompile = new ArrayList<>();
      if (recompile == Recompile.ALL_SOURCES) {
        deleteRecursively(classes);
        deleteRecursively(generated);
        try (Stream<Path> all = Files.list(sources)) {
          all.sorted().forEach(toCompile::add);
        }
      } else {
        for (String name : changed) {
          toCompile.add(sources.resolve(name + ".java"));
        }
      }
      Files.createDirectories(classes);
      Files.createDirectories(generated);
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      StringWriter errors = new StringWriter();
      try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
        List<String> options =
            new ArrayList<>(
                List.of(
                    "-d",
                    classes.toString(),
                    "-s",
                    generated.toString(),
                    "-sourcepath",
                    "",
                    "-classpath",
                    classes + File.pathSeparator + System.getProperty("java.class.path"),
                    "-implicit:class"));
        if (indexOption) {
          options.add("-Aherald.index=app.MyIndex");
        }
        Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(toCompile);
        JavaCompiler.CompilationTask task =
            javac.getTask(
                null,
                files,
                d -> {
                  if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {
                    errors.write(d.getMessage(Locale.ROOT) + "\n");
                  }
                },
                options,
                null,
                units);
        task.setProcessors(Compilations.processors());
        boolean ok = task.call();
        assertThat(ok).isEqualTo(errors.toString().isEmpty());
      }
      changed.clear();
      return errors.toString();
    }

    /**
     * For each listener, the handler calls of a post of a Ping and of a Pong, made as the runtime
     * makes them: dispatchers found through ServiceLoader (or the named index), the class's own
     * first, then its superclasses'.
     */
    Map<String, List<String>> deliveries(String... listeners) throws Throwable {
      Map<String, List<String>> calls =
          new TreeMap<>(Comparator.comparing(List.of(listeners)::indexOf));
      try (URLClassLoader loader =
          new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
        Map<Class<?>, Dispatcher<?>> dispatchers = new HashMap<>();
        for (Dispatcher<?> dispatcher : ServiceLoader.load(Dispatcher.class, loader)) {
          dispatchers.put(dispatcher.listenerType(), dispatcher);
        }
        if (indexOption) {
          DispatcherIndex index =
              (DispatcherIndex) loader.loadClass("app.MyIndex").getConstructor().newInstance();
          Map<Class<?>, Dispatcher<?>> indexed = new HashMap<>();
          for (Dispatcher<?> dispatcher : index.dispatchers()) {
            indexed.put(dispatcher.listenerType(), dispatcher);
          }
          assertThat(indexed.keySet()).containsExactlyElementsIn(dispatchers.keySet());
        }
        Object[] messages = {
          loader.loadClass("app.Ping").getConstructor().newInstance(),
          loader.loadClass("app.Pong").getConstructor().newInstance()
        };
        for (String name : listeners) {
          Object listener = loader.loadClass("app." + name).getConstructor().newInstance();
          RebuildLog.drain();
          for (Object message : messages) {
            post(message, listener, dispatchers);
          }
          List<String> made = RebuildLog.drain();
          made.sort(null); // which handlers ran is the point here, not their order
          calls.put(name, made);
        }
      }
      return calls;
    }

    /**
     * For each listener whose dispatcher ServiceLoader finds, its handler rows as {@code
     * method(MessageType)}, sorted.
     */
    Map<String, List<String>> registeredHandlers() throws IOException {
      Map<String, List<String>> handlers = new TreeMap<>();
      try (URLClassLoader loader =
          new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
        for (Dispatcher<?> dispatcher : ServiceLoader.load(Dispatcher.class, loader)) {
          List<String> rows = new ArrayList<>();
          for (HandlerInfo handler : dispatcher.handlers()) {
            rows.add(handler.method() + "(" + handler.messageType().getName() + ")");
          }
          rows.sort(null);
          handlers.put(dispatcher.listenerType().getName(), rows);
        }
      }
      return handlers;
    }

    /** The same, read from the message map: the listener index and the files it lists. */
    Map<String, List<String>> map() throws IOException {
      Path folder = classes.resolve(GeneratedNames.MAP_FOLDER);
      List<String> index = Files.readAllLines(folder.resolve("listeners.index"));
      assertThat(index.get(0)).isEqualTo(GeneratedNames.MAP_FORMAT);
      Map<String, List<String>> handlers = new TreeMap<>();
      for (String file : index.subList(1, index.size())) {
        List<String> lines = Files.readAllLines(folder.resolve(file));
        assertThat(lines.get(0)).isEqualTo(GeneratedNames.MAP_FORMAT);
        List<String> rows = null;
        for (String line : lines) {
          String[] fields = line.split(" ");
          if (fields[0].equals("listener")) {
            // a file may hold many listeners: each listener line starts the next
            rows = new ArrayList<>();
            assertThat(handlers.put(fields[1], rows)).isNull();
          } else if (fields[0].equals("handler")) {
            rows.add(fields[1] + "(" + fields[2] + ")");
          }
        }
      }
      return handlers;
    }

    @SuppressWarnings("unchecked")
    private static void post(Object message, Object listener, Map<Class<?>, Dispatcher<?>> all)
        throws Throwable {
      for (Class<?> type = listener.getClass(); type != null; type = type.getSuperclass()) {
        Dispatcher<Object> dispatcher = (Dispatcher<Object>) all.get(type);
        if (dispatcher == null) {
          continue;
        }
        List<HandlerInfo> handlers = dispatcher.handlers();
        for (int i = 0; i < handlers.size(); i++) {
          if (handlers.get(i).messageType().isInstance(message)) {
            dispatcher.call(i, listener, message);
          }
        }
      }
    }

    private static void deleteRecursively(Path dir) throws IOException {
      if (!Files.exists(dir)) {
        return;
      }
      try (Stream<Path> all = Files.walk(dir)) {
        for (Path path : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
          Files.delete(path);
        }
      }
    }
  }
}
