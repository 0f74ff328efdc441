package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The listeners' map across real compilations into one output: partial rebuilds that change,
 * delete, rename and add listeners, and entries whose text javac must carry intact.
 */
class ListenersMapAttackTest {

  @TempDir Path dir;

  private Path src() throws IOException {
    return Files.createDirectories(dir.resolve("src"));
  }

  private Path classes() throws IOException {
    return Files.createDirectories(dir.resolve("classes"));
  }

  private Path write(String path, String text) throws IOException {
    Path file = src().resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  private static String listener(String pkg, String name, String... messages) {
    StringBuilder s =
        new StringBuilder("package " + pkg + ";\nimport dev.herald.annotation.Subscribe;\n");
    s.append("public class ").append(name).append(" {\n");
    for (int i = 0; i < messages.length; i++) {
      s.append("  @Subscribe public void on").append(i).append('(').append(messages[i]);
      s.append(" m) {}\n");
    }
    return s.append("}\n").toString();
  }

  /** Compiles {@code sources} into classes/, which is on the class path; returns the messages. */
  private String compile(List<Path> sources, List<String> classNames, String... extra)
      throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter out = new StringWriter();
    List<String> options = new ArrayList<>();
    options.addAll(
        List.of(
            "-d",
            classes().toString(),
            "-s",
            Files.createDirectories(dir.resolve("generated")).toString(),
            "-implicit:none",
            "-Xlint:all,-processing",
            "-classpath",
            classes() + File.pathSeparator + System.getProperty("java.class.path")));
    options.addAll(List.of(extra));
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
      JavaCompiler.CompilationTask task =
          javac.getTask(out, files, null, options, classNames.isEmpty() ? null : classNames, units);
      task.setProcessors(Compilations.processors());
      boolean ok = task.call();
      return (ok ? "OK " : "FAILED ") + out;
    }
  }

  private List<String> listenersInMap() throws IOException {
    return mapLines().stream().filter(l -> l.startsWith("listener ")).collect(Collectors.toList());
  }

  private List<String> mapLines() throws IOException {
    return Files.readAllLines(
        classes().resolve(GeneratedNames.MAP_FOLDER + GeneratedNames.LISTENERS_MAP));
  }

  private List<String> serviceFile() throws IOException {
    return Files.readAllLines(classes().resolve(GeneratedNames.DISPATCHER_SERVICE_FILE));
  }

  private void deleteClasses(String prefix) throws IOException {
    try (Stream<Path> all = Files.walk(classes())) {
      for (Path p : all.filter(p -> p.toString().contains(prefix)).collect(Collectors.toList())) {
        Files.delete(p);
      }
    }
  }

  private List<Path> threeListeners() throws IOException {
    Path msg = write("m/Ping.java", "package m; public class Ping {}\n");
    Path msg2 = write("m/Pong.java", "package m; public class Pong extends Ping {}\n");
    Path a = write("a/A.java", listener("a", "A", "m.Ping"));
    Path b = write("b/B.java", listener("b", "B", "m.Pong"));
    Path c = write("c/C.java", listener("c", "C", "m.Ping", "m.Pong"));
    return List.of(msg, msg2, a, b, c);
  }

  @Test
  void changingOneListenerKeepsTheOthersOnceEach() throws IOException {
    List<Path> all = threeListeners();
    assertThat(compile(all, List.of())).startsWith("OK");
    Path b = write("b/B.java", listener("b", "B", "m.Pong", "m.Ping"));
    assertThat(compile(List.of(b), List.of())).startsWith("OK");
    assertThat(listenersInMap())
        .containsExactly("listener a.A", "listener b.B", "listener c.C")
        .inOrder();
    assertThat(mapLines()).contains("handler on1 m.Ping");
    assertThat(mapLines().stream().filter(l -> l.startsWith("handler ")).count()).isEqualTo(5);
    // each type line once
    assertThat(mapLines().stream().filter(l -> l.startsWith("type ")).distinct().count())
        .isEqualTo(mapLines().stream().filter(l -> l.startsWith("type ")).count());
  }

  @Test
  void deletingOneListenerDropsItsEntry() throws IOException {
    threeListeners();
    assertThat(compile(threeListeners(), List.of())).startsWith("OK");
    Files.delete(src().resolve("c/C.java"));
    deleteClasses("/c/");
    Path b = write("b/B.java", listener("b", "B", "m.Pong", "m.Ping"));
    assertThat(compile(List.of(b), List.of())).startsWith("OK");
    assertThat(listenersInMap()).containsExactly("listener a.A", "listener b.B").inOrder();
    assertThat(serviceFile()).containsExactly("a.A_Dispatcher", "b.B_Dispatcher").inOrder();
  }

  @Test
  void renamingOneListenerLeavesNoStaleEntry() throws IOException {
    assertThat(compile(threeListeners(), List.of())).startsWith("OK");
    Files.delete(src().resolve("b/B.java"));
    deleteClasses("/b/");
    Path b2 = write("b/B2.java", listener("b", "B2", "m.Pong"));
    assertThat(compile(List.of(b2), List.of())).startsWith("OK");
    assertThat(listenersInMap())
        .containsExactly("listener a.A", "listener b.B2", "listener c.C")
        .inOrder();
  }

  @Test
  void movingAHandlerBetweenListenersMovesItsLine() throws IOException {
    assertThat(compile(threeListeners(), List.of())).startsWith("OK");
    Path a = write("a/A.java", listener("a", "A", "m.Ping", "m.Pong"));
    Path c = write("c/C.java", listener("c", "C", "m.Ping"));
    assertThat(compile(List.of(a, c), List.of())).startsWith("OK");
    List<String> lines = mapLines();
    int ia = lines.indexOf("listener a.A");
    int ib = lines.indexOf("listener b.B");
    int ic = lines.indexOf("listener c.C");
    assertThat(lines.subList(ia + 1, ib))
        .containsExactly("handler on0 m.Ping", "handler on1 m.Pong");
    assertThat(lines.subList(ic + 1, ic + 2)).containsExactly("handler on0 m.Ping");
    assertThat(lines.get(ic + 2)).startsWith("type ");
  }

  @Test
  void aListenerLeftWithNoHandlersLeavesTheMapOnceItsDispatcherIsGone() throws IOException {
    assertThat(compile(threeListeners(), List.of())).startsWith("OK");
    Path a = write("a/A.java", listener("a", "A", "m.Ping", "m.Pong"));
    Path c = write("c/C.java", listener("c", "C"));
    // its dispatcher is still in the output: the stale-dispatcher error says to build clean
    assertThat(compile(List.of(a, c), List.of())).contains("C_Dispatcher");
    // as Gradle does: the dispatcher generated from C goes with C's recompilation
    deleteClasses("C_Dispatcher");
    assertThat(compile(List.of(a, c), List.of())).startsWith("OK");
    assertThat(serviceFile()).containsExactly("a.A_Dispatcher", "b.B_Dispatcher").inOrder();
    assertThat(listenersInMap()).containsExactly("listener a.A", "listener b.B").inOrder();
  }

  @Test
  void aSecondCompilationSeesTheEarlierDispatchersOnlyAsClassFiles() throws IOException {
    assertThat(compile(threeListeners(), List.of())).startsWith("OK");
    // as Gradle hands an aggregating processor the kept classes: by name, from class files
    Files.delete(classes().resolve(GeneratedNames.DISPATCHER_SERVICE_FILE));
    Files.delete(classes().resolve(GeneratedNames.MAP_FOLDER + GeneratedNames.LISTENERS_MAP));
    Path d = write("d/D.java", listener("d", "D", "m.Pong"));
    assertThat(compile(List.of(d), List.of("a.A_Dispatcher", "b.B_Dispatcher", "c.C_Dispatcher")))
        .startsWith("OK");
    assertThat(listenersInMap())
        .containsExactly("listener a.A", "listener b.B", "listener c.C", "listener d.D")
        .inOrder();
    assertThat(mapLines().stream().filter(l -> l.startsWith("handler ")).count()).isEqualTo(5);
  }

  @Test
  void entriesThatNeedEscapingSurviveTheClassFile() throws IOException {
    Path msg = write("m/Ping.java", "package m; public class Ping {}\n");
    Path g =
        write(
            "ü/Größe.java",
            "package ü;\nimport dev.herald.annotation.Subscribe;\n"
                + "public class Größe<T extends java.util.List<String>> {\n"
                + "  public static class In$ner {\n"
                + "    @Subscribe(tags = {\"a b\", \"\\\"q\\\"\", \"\\\\\", \"ü\\n\"}, lane = \"$x\")"
                + " public void ölMessage(m.Ping m) {}\n"
                + "  }\n"
                + "  @Subscribe public void ö(m.Ping m) {}\n"
                + "}\n");
    assertThat(compile(List.of(msg, g), List.of())).startsWith("OK");
    List<String> first = mapLines();
    // and again through the class file, on a partial rebuild of another listener
    Path other = write("m/Other.java", listener("m", "Other", "m.Ping"));
    assertThat(compile(List.of(other), List.of())).startsWith("OK");
    List<String> second = new ArrayList<>(mapLines());
    second.removeAll(List.of("listener m.Other", "handler on0 m.Ping"));
    assertThat(second).isEqualTo(first);
    assertThat(first).contains("listener ü.Größe$In$ner");
  }

  @Test
  void twoThousandHandlersInOneListener() throws IOException {
    write("m/Ping.java", "package m; public class Ping {}\n");
    StringBuilder many =
        new StringBuilder("package big;\nimport dev.herald.annotation.Subscribe;\n");
    many.append("public class Big {\n");
    for (int i = 0; i < 2000; i++) {
      many.append("  @Subscribe(tags = \"t")
          .append(i)
          .append("\") public void handlerWithALongishName")
          .append(i)
          .append("(m.Ping m) {}\n");
    }
    many.append("}\n");
    Path big = write("big/Big.java", many.toString());
    String result = compile(List.of(src().resolve("m/Ping.java"), big), List.of());
    assertThat(result).startsWith("OK");
    assertThat(mapLines().stream().filter(l -> l.startsWith("handler ")).count()).isEqualTo(2000);
  }

  @Test
  void aHandlerLineLongerThanOneClassFileConstant() throws IOException {
    write("m/Ping.java", "package m; public class Ping {}\n");
    String tag = "x".repeat(30000);
    Path big =
        write(
            "big/Tags.java",
            "package big;\nimport dev.herald.annotation.Subscribe;\npublic class Tags {\n"
                + "  @Subscribe(tags = {\"a"
                + tag
                + "\", \"b"
                + tag
                + "\", \"c"
                + tag
                + "\"}) public void on(m.Ping m) {}\n}\n");
    String result = compile(List.of(src().resolve("m/Ping.java"), big), List.of());
    assertThat(result).startsWith("OK");
    assertThat(mapLines().stream().filter(l -> l.startsWith("handler on m.Ping")).count())
        .isEqualTo(1);
    assertThat(mapLines().stream().filter(l -> l.startsWith("handler ")).findFirst().get())
        .hasLength("handler on m.Ping tags=".length() + 3 * 30001 + 2);
  }

  @Test
  void procOnlyAndWerrorAndRelease8() throws IOException {
    List<Path> all = threeListeners();
    assertThat(compile(all, List.of(), "-Werror", "--release", "8", "-Xlint:-options"))
        .startsWith("OK");
    assertThat(listenersInMap()).hasSize(3);
    Path b = write("b/B.java", listener("b", "B", "m.Pong", "m.Ping"));
    assertThat(compile(List.of(b), List.of(), "-proc:only")).startsWith("OK");
    assertThat(listenersInMap()).hasSize(3);
  }

  @Test
  void aForeignGeneratedDispatcherAnnotationIsNoMarker() throws IOException {
    Path msg = write("m/Ping.java", "package m; public class Ping {}\n");
    Path ann =
        write(
            "x/GeneratedDispatcher.java",
            "package x; public @interface GeneratedDispatcher { String[] map() default {}; }\n");
    Path user =
        write(
            "x/Fake.java",
            "package x; @GeneratedDispatcher(map = {\"listener evil.Evil\"}) public class Fake {}\n");
    Path a = write("a/A.java", listener("a", "A", "m.Ping"));
    assertThat(compile(List.of(msg, ann, user, a), List.of())).startsWith("OK");
    assertThat(listenersInMap()).containsExactly("listener a.A");
  }

  @Test
  void aDispatcherOfTheEarlierProcessorIsLeftOutOfTheMapWithAWarning() throws IOException {
    assertThat(compile(threeListeners(), List.of())).startsWith("OK");
    // C_Dispatcher as the processor before the map moved wrote it: a marker with no entry
    Path generated = dir.resolve("generated/c/C_Dispatcher.java");
    String old =
        Files.readString(generated)
            .replaceAll(
                "(?s)@GeneratedDispatcher\\(.*?\\)\\s*public", "@GeneratedDispatcher\npublic");
    assertThat(old).doesNotContain("herald-map");
    Path oldSource = write("old/c/C_Dispatcher.java", old);
    assertThat(compile(List.of(oldSource), List.of(), "-proc:none")).startsWith("OK");
    Path b = write("b/B.java", listener("b", "B", "m.Pong", "m.Ping"));
    String result = compile(List.of(b), List.of());
    assertThat(result).startsWith("OK");
    assertThat(result).contains("warning: c.C_Dispatcher was generated by an earlier version");
    assertThat(result).contains("Build clean once");
    assertThat(serviceFile()).contains("c.C_Dispatcher");
    assertThat(listenersInMap()).containsExactly("listener a.A", "listener b.B").inOrder();
  }

  @Test
  void aNamedModuleRebuiltInPart() throws IOException {
    List<Path> all = new ArrayList<>(threeListeners());
    all.add(
        write(
            "module-info.java",
            "module app {\n  requires dev.herald.annotations;\n"
                + "  requires dev.herald.internal.generated;\n  requires static java.compiler;\n"
                + "  exports a;\n  exports b;\n  exports c;\n  exports m;\n}\n"));
    String modules =
        Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> e.matches(".*(annotations|generated).*"))
            .collect(Collectors.joining(File.pathSeparator));
    assertThat(compile(all, List.of(), "--module-path", modules)).startsWith("OK");
    Path b = write("b/B.java", listener("b", "B", "m.Pong", "m.Ping"));
    assertThat(
            compile(
                List.of(src().resolve("module-info.java"), b), List.of(), "--module-path", modules))
        .startsWith("OK");
    assertThat(listenersInMap())
        .containsExactly("listener a.A", "listener b.B", "listener c.C")
        .inOrder();
    assertThat(mapLines()).contains("handler on1 m.Ping");
  }

  /** Writes a listener in its first round, which Herald's processors see in the second. */
  @javax.annotation.processing.SupportedAnnotationTypes("*")
  static final class LateListener extends javax.annotation.processing.AbstractProcessor {
    private boolean done;

    @Override
    public javax.lang.model.SourceVersion getSupportedSourceVersion() {
      return javax.lang.model.SourceVersion.latestSupported();
    }

    @Override
    public boolean process(
        java.util.Set<? extends javax.lang.model.element.TypeElement> annotations,
        javax.annotation.processing.RoundEnvironment round) {
      if (!done) {
        done = true;
        try (java.io.Writer out =
            processingEnv.getFiler().createSourceFile("late.Late").openWriter()) {
          out.write(listener("late", "Late", "m.Ping"));
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  @Test
  void aListenerOfALaterRoundJoinsTheMap() throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<Path> all = threeListeners();
    StringWriter out = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              out,
              files,
              null,
              List.of(
                  "-d",
                  classes().toString(),
                  "-s",
                  Files.createDirectories(dir.resolve("generated")).toString(),
                  "-classpath",
                  System.getProperty("java.class.path")),
              null,
              files.getJavaFileObjectsFromPaths(all));
      List<javax.annotation.processing.Processor> processors =
          new ArrayList<>(Compilations.processors());
      processors.add(0, new LateListener());
      task.setProcessors(processors);
      assertThat(task.call()).isTrue();
    }
    assertThat(listenersInMap())
        .containsExactly("listener a.A", "listener b.B", "listener c.C", "listener late.Late")
        .inOrder();
    assertThat(serviceFile()).hasSize(4);
  }

  @Test
  void aLongLineIsCutWithoutSplittingASurrogatePairAndJoinedBack() {
    String line =
        "handler on m.Ping tags=" + "x".repeat(16_384 - 24) + "\uD83D\uDE00" + "y".repeat(40_000);
    String text = "herald-map 1\nlistener a.A\n" + line + "\ntype m.Ping class\n";
    List<String> strings = dev.herald.processor.writing.MessageMapWriter.markerStrings(text);
    assertThat(strings).hasSize(2 + 4 + 1);
    for (String string : strings) {
      assertThat(string.length()).isAtMost(16_385);
      assertThat(Character.isHighSurrogate(string.charAt(string.length() - 1))).isFalse();
    }
    assertThat(dev.herald.processor.writing.MessageMapWriter.linesOfMarker(strings))
        .containsExactly("herald-map 1", "listener a.A", line, "type m.Ping class")
        .inOrder();
  }
}
