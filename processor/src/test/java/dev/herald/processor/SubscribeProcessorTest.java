package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.Compilations.assertGeneratedAsExpected;
import static dev.herald.processor.Compilations.herald;
import static dev.herald.processor.Compilations.source;
import static dev.herald.processor.Compilations.sources;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.DispatcherIndex;
import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Golden-file tests: what the processor writes for valid listeners. */
class SubscribeProcessorTest {

  private static final String SERVICE_FILE =
      "META-INF/services/dev.herald.internal.generated.Dispatcher";

  /** A listener hierarchy: Animal has handlers, Mammal none, Dog overrides and adds. */
  private static final String[] ZOO = {
    "good/zoo/Animal.java",
    "good/zoo/Mammal.java",
    "good/zoo/Dog.java",
    "good/zoo/Food.java",
    "good/zoo/Noise.java",
    "good/zoo/Ball.java"
  };

  @Test
  void plainListener() {
    Compilation compilation =
        herald().compile(sources("good/plain/Radar.java", "good/plain/UnderAttack.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertGeneratedAsExpected(compilation, "demo.Radar_Dispatcher");
  }

  @Test
  void handlersThatTakeAnEnvelopeReturnAReplyOrRunAsynchronously() {
    Compilation compilation =
        herald()
            .compile(
                sources(
                    "good/reply/Oracle.java",
                    "good/reply/Question.java",
                    "good/reply/AlwaysAnswers.java",
                    "good/reply/Uploader.java",
                    "good/reply/Eavesdropper.java",
                    "stub/dev/herald/Envelope.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertGeneratedAsExpected(compilation, "reply.Oracle_Dispatcher");
    // every case returns: no unreachable "return null" after the switch
    assertGeneratedAsExpected(compilation, "reply.AlwaysAnswers_Dispatcher");
    assertGeneratedAsExpected(compilation, "reply.Uploader_Dispatcher");
    // only envelope handlers: call has no case to switch to
    assertGeneratedAsExpected(compilation, "reply.Eavesdropper_Dispatcher");
  }

  @Test
  void subclassListsItsOwnHandlersAndOverridesTheAnnotatedOnesOfItsSuperclass() {
    Compilation compilation = herald().compile(sources(ZOO));

    assertThat(compilation).succeededWithoutWarnings();
    assertGeneratedAsExpected(compilation, "zoo.Animal_Dispatcher");
    // Mammal has no handler: Dog chains straight to Animal's dispatcher, naming it in overrides.
    assertGeneratedAsExpected(compilation, "zoo.Dog_Dispatcher");
    assertThat(compilation.generatedSourceFile("zoo.Mammal_Dispatcher").isPresent()).isFalse();
  }

  @Test
  void interfaceGetsADispatcherThatCallsThroughTheInterface() {
    Compilation compilation =
        herald()
            .compile(
                sources(
                    "good/iface/MoveListener.java",
                    "good/iface/GameListener.java",
                    "good/iface/Move.java",
                    "good/iface/GameOver.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertGeneratedAsExpected(compilation, "iface.MoveListener_Dispatcher");
    // its own rows only: the runtime composes the dispatchers of all a listener's interfaces
    assertGeneratedAsExpected(compilation, "iface.GameListener_Dispatcher");
  }

  @Test
  void generatedIndexIsFoundByServiceLoaderAndItsDispatchersRun(@TempDir Path out)
      throws Throwable {
    Compilation compilation = herald().compile(sources(ZOO));
    assertThat(compilation).succeeded();
    Compilations.writeClassFiles(compilation, out);

    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader())) {
      assertThat(ServiceLoader.load(DispatcherIndex.class, loader).iterator().hasNext()).isFalse();
      Map<String, Dispatcher<?>> byListener = new HashMap<>();
      for (Dispatcher<?> dispatcher : ServiceLoader.load(Dispatcher.class, loader)) {
        byListener.put(dispatcher.listenerType().getName(), dispatcher);
      }
      assertThat(byListener.keySet()).containsExactly("zoo.Animal", "zoo.Dog");

      @SuppressWarnings("unchecked")
      Dispatcher<Object> dog = (Dispatcher<Object>) byListener.get("zoo.Dog");
      assertThat(dog.handlers().get(0).overrides()).containsExactly("zoo.Animal");
      assertThat(dog.handlers().get(0).priority()).isEqualTo(5);
      Object listener = loader.loadClass("zoo.Dog").getConstructor().newInstance();
      Constructor<?> ball = loader.loadClass("zoo.Ball").getDeclaredConstructor();
      ball.setAccessible(true);
      dog.call(1, listener, ball.newInstance());
      assertThrows(ClassCastException.class, () -> dog.call(0, listener, ball.newInstance()));
      assertThrows(IndexOutOfBoundsException.class, () -> dog.call(2, listener, "x"));
      // Dog's handlers take no envelope and return nothing: the inherited invoke delivers
      assertThat(dog.invoke(1, listener, ball.newInstance(), null)).isNull();
      assertThrows(
          ClassCastException.class, () -> dog.invoke(0, listener, ball.newInstance(), null));
      assertThrows(IndexOutOfBoundsException.class, () -> dog.invoke(2, listener, "x", null));
    }

    // Herald promises no java.lang.invoke: no lambda, method reference or indy concatenation
    try (Stream<Path> files = Files.walk(out)) {
      for (Path file :
          (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
        String name = file.getFileName().toString();
        if (name.endsWith("_Dispatcher.class") || name.startsWith("HeraldIndex_")) {
          String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
          assertThat(bytes).doesNotContain("java/lang/invoke");
        }
      }
    }
  }

  @Test
  void nestedAndInnerClasses() {
    Compilation compilation =
        herald().compile(sources("good/outer/Outer.java", "good/outer/Box.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertGeneratedAsExpected(compilation, "outer.Outer_Nested_Dispatcher");
    assertGeneratedAsExpected(compilation, "outer.Outer_Inner_Dispatcher");
    assertGeneratedAsExpected(compilation, "outer.Box_Lid_Dispatcher");
  }

  @Test
  void genericListenerWildcardMessagesAndCheckedExceptions() {
    Compilation compilation =
        herald().compile(sources("good/cache/Cache.java", "good/cache/Evict.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertGeneratedAsExpected(compilation, "cache.Cache_Dispatcher");
  }

  @Test
  void superclassFromAJarCompiledWithTheProcessor(@TempDir Path jar) {
    // lib.Base_Dispatcher exists: the runtime chains to it, Sub only says what it overrides
    assertThat(subclassOfBaseCompiledBy(herald(), jar))
        .generatedSourceFile("app.Sub_Dispatcher")
        .hasSourceEquivalentTo(source("expected/Sub_Dispatcher_baseWithDispatcher.java"));
  }

  @Test
  void superclassFromAJarCompiledWithoutTheProcessor(@TempDir Path jar) {
    // no lib.Base_Dispatcher: Sub's table takes Base's handlers, except the one it overrides
    assertThat(subclassOfBaseCompiledBy(Compiler.javac(), jar))
        .generatedSourceFile("app.Sub_Dispatcher")
        .hasSourceEquivalentTo(source("expected/Sub_Dispatcher_baseWithoutDispatcher.java"));
  }

  /** Compiles lib.Base with {@code baseCompiler} into {@code jar}, then app.Sub against it. */
  private static Compilation subclassOfBaseCompiledBy(Compiler baseCompiler, Path jar) {
    Compilation base =
        baseCompiler.compile(
            sources("good/lib/Base.java", "good/lib/Ping.java", "good/lib/Pong.java"));
    assertThat(base).succeededWithoutWarnings();
    Compilations.writeClassFiles(base, jar);

    Compilation compilation =
        herald()
            .withClasspath(Compilations.classPathWith(jar))
            .compile(sources("good/app/Sub.java", "good/app/Local.java"));
    assertThat(compilation).succeededWithoutWarnings();
    return compilation;
  }

  @Test
  void serviceFileListsEveryDispatcherAndNoIndexClassIsWritten() {
    Compilation compilation =
        herald().compile(sources("good/shop/a/Till.java", "good/shop/b/Shelf.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedFile(StandardLocation.CLASS_OUTPUT, SERVICE_FILE)
        .contentsAsUtf8String()
        .isEqualTo("shop.a.Till_Dispatcher\nshop.b.Shelf_Dispatcher\n");
    assertThat(compilation.generatedSourceFiles()).hasSize(2);
  }

  @Test
  void indexNamedByOption() {
    Compilation compilation =
        herald("-Aherald.index=com.acme.MyIndex")
            .compile(sources("good/shop/a/Till.java", "good/shop/b/Shelf.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertGeneratedAsExpected(compilation, "com.acme.MyIndex");
    assertThat(compilation)
        .generatedFile(StandardLocation.CLASS_OUTPUT, SERVICE_FILE)
        .contentsAsUtf8String()
        .isEqualTo("shop.a.Till_Dispatcher\nshop.b.Shelf_Dispatcher\n");
  }

  @Test
  void listenerWhoseMessageTypeIsGeneratedByAnotherProcessorIsDeferred() {
    AlarmGenerator generator = new AlarmGenerator();
    Compilation compilation =
        Compiler.javac()
            .withProcessors(generator, new SubscribeProcessor(), new IndexProcessor())
            .withOptions((Object[]) Compilations.OPTIONS)
            .compile(source("good/siren/Siren.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertGeneratedAsExpected(compilation, "siren.Siren_Dispatcher");
    assertThat(compilation)
        .generatedFile(StandardLocation.CLASS_OUTPUT, SERVICE_FILE)
        .contentsAsUtf8String()
        .isEqualTo("siren.Siren_Dispatcher\n");
  }

  @Test
  void anAnnotationValueFromAGeneratedConstantIsWaitedFor() {
    Compilation compilation =
        Compiler.javac()
            .withProcessors(
                new FirstRoundSource(
                    "prio.Levels",
                    "package prio;\n\npublic final class Levels {\n  public static final int HIGH = 5;\n}\n"),
                new SubscribeProcessor(),
                new IndexProcessor())
            .withOptions((Object[]) Compilations.OPTIONS)
            .compile(source("good/prio/Urgent.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("prio.Urgent_Dispatcher")
        .contentsAsUtf8String()
        .contains("HandlerInfo.of(\"on\", Object.class).priority(5)");
  }

  @Test
  void deprecatedListenersAndShadowedJavaLangNamesCompileWithoutWarnings() {
    Compilation compilation =
        herald().compile(sources("good/odd/Old.java", "good/odd/Override.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("odd.Old_Dispatcher")
        .contentsAsUtf8String()
        .contains("@SuppressWarnings(\"deprecation\")");
    assertThat(compilation)
        .generatedSourceFile("odd.Old_Dispatcher")
        .contentsAsUtf8String()
        .contains("@java.lang.Override");
  }

  @Test
  void aPartialRecompileKeepsTheEarlierDispatchersInTheServiceFile(@TempDir Path dir)
      throws IOException {
    List<Processor> processors = List.of(new SubscribeProcessor(), new IndexProcessor());
    assertThat(
            Compilations.compileToDisk(
                dir, processors, "good/shop/a/Till.java", "good/shop/b/Shelf.java"))
        .isTrue();
    processors = List.of(new SubscribeProcessor(), new IndexProcessor());
    assertThat(Compilations.compileToDisk(dir, processors, "good/shop/b/Shelf.java")).isTrue();

    List<String> services = Files.readAllLines(dir.resolve("classes").resolve(SERVICE_FILE));
    assertThat(services).containsExactly("shop.a.Till_Dispatcher", "shop.b.Shelf_Dispatcher");
    List<String> mapIndex =
        Files.readAllLines(dir.resolve("classes").resolve(GeneratedNames.LISTENER_MAP_INDEX));
    assertThat(mapIndex).containsExactly(GeneratedNames.MAP_FORMAT, GeneratedNames.LISTENERS_MAP);
    // the kept dispatcher's entry comes from its class file's marker
    List<String> map =
        Files.readAllLines(
            dir.resolve("classes")
                .resolve(GeneratedNames.MAP_FOLDER + GeneratedNames.LISTENERS_MAP));
    assertThat(map).contains("listener shop.a.Till");
    assertThat(map).contains("listener shop.b.Shelf");
    assertThat(map.indexOf("listener shop.a.Till"))
        .isLessThan(map.indexOf("listener shop.b.Shelf"));
  }

  /** Writes one source file in the first round, as Immutables or AutoValue would. */
  private static final class FirstRoundSource extends AbstractProcessor {
    private final String name;
    private final String text;
    private boolean generated;

    FirstRoundSource(String name, String text) {
      this.name = name;
      this.text = text;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!generated) {
        generated = true;
        try (Writer out = processingEnv.getFiler().createSourceFile(name).openWriter()) {
          out.write(text);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  /** Generates {@code siren.Alarm} in the first round, as Immutables or AutoValue would. */
  private static final class AlarmGenerator extends AbstractProcessor {
    private boolean generated;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!generated) {
        generated = true;
        try {
          JavaFileObject file = processingEnv.getFiler().createSourceFile("siren.Alarm");
          try (Writer out = file.openWriter()) {
            out.write("package siren;\n\npublic final class Alarm {}\n");
          }
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  private static Compiler herald(String... options) {
    return Compilations.herald(options);
  }
}
