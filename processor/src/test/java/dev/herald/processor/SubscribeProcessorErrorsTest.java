package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.Compilations.herald;
import static dev.herald.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.herald.processor.model.ListenerClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One test per diagnostic: the error names the rule, sits on the {@code @Subscribe} line (so it was
 * reported with the annotation mirror), and one mistake gives one error.
 */
class SubscribeProcessorErrorsTest {

  @Test
  void privateHandler() {
    assertOneError("PrivateHandler", Diagnostics.PRIVATE_HANDLER);
  }

  @Test
  void staticHandler() {
    assertOneError("StaticHandler", Diagnostics.STATIC_HANDLER);
  }

  @Test
  void noParameter() {
    assertOneError("NoParameter", Diagnostics.PARAMETER_COUNT);
  }

  @Test
  void secondParameterThatIsNotAnEnvelope() {
    assertOneError("TwoParameters", Diagnostics.SECOND_PARAMETER);
  }

  @Test
  void kotlinSuspendFunction() {
    assertOneKotlinError("SuspendHandler", Diagnostics.SUSPEND_HANDLER);
  }

  @Test
  void kotlinJvmOverloadsFunctionIsOneErrorOnTheOverloadWithEveryParameter() {
    JavaFileObject file = source("bad/JvmOverloadsHandler.java");
    Compilation compilation =
        herald()
            .compile(
                file,
                source("kotlin/Metadata.java"),
                source("kotlin/jvm/JvmOverloads.java"),
                source("stub/dev/herald/Envelope.java"));
    // kapt's stub puts @Subscribe on every overload, even the one with no message: one error,
    // on the widest, the function as written
    assertThat(compilation)
        .hadErrorContaining(Diagnostics.JVM_OVERLOADS_HANDLER)
        .inFile(file)
        .onLine(21);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void kotlinSuspendFunctionIsOneMistakeWhateverItsContinuationAndReturnType() {
    assertOneKotlinError("SuspendAsyncReply", Diagnostics.SUSPEND_HANDLER);
  }

  @Test
  void concurrentAndSerialized() {
    assertOneError("ConcurrentAndSerialized", Diagnostics.CONCURRENT_AND_SERIALIZED);
  }

  @Test
  void asyncOnALane() {
    assertOneError("AsyncOnLane", Diagnostics.ASYNC_ON_LANE);
  }

  @Test
  void laneHandlerThatReplies() {
    assertOneError("LaneReply", Diagnostics.ASYNC_REPLY);
  }

  @Test
  void blankLane() {
    assertOneError("BlankLane", Diagnostics.BLANK_LANE);
  }

  @Test
  void asyncHandlerThatReplies() {
    assertOneError("AsyncReply", Diagnostics.ASYNC_REPLY);
  }

  @Test
  void twoListenersWhoseDispatchersWouldShareAName() {
    JavaFileObject file = source("bad/NameClash.java");
    Compilation compilation = herald().compile(file);

    assertThat(compilation).hadErrorContaining(Diagnostics.DISPATCHER_NAME_CLASH).inFile(file);
    assertThat(compilation).hadErrorContaining("bad.Outer_Inner_Dispatcher");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aMessageNestedInAGenericClassIsNamedWithItsWildcardForm() {
    Compilation compilation =
        assertOneError("NestedInGeneric", Diagnostics.PARAMETERIZED_PARAMETER);
    assertThat(compilation).hadErrorContaining("take bad.NestedInGeneric<?>.Msg instead of");
  }

  @Test
  void threeParameters() {
    assertOneError("ThreeParameters", Diagnostics.PARAMETER_COUNT);
  }

  @Test
  void primitiveParameterSuggestsTheWrapper() {
    Compilation compilation = assertOneError("PrimitiveParameter", Diagnostics.PRIMITIVE_PARAMETER);
    assertThat(compilation).hadErrorContaining(Diagnostics.primitiveParameter("Integer"));
  }

  @Test
  void typeVariableParameter() {
    assertOneError("TypeVariableParameter", Diagnostics.TYPE_VARIABLE_PARAMETER);
  }

  @Test
  void parameterWithConcreteTypeArguments() {
    assertOneError("ParameterizedParameter", Diagnostics.PARAMETERIZED_PARAMETER);
  }

  @Test
  void privateNestedListener() {
    assertOneError("PrivateNestedListener", Diagnostics.UNREACHABLE_LISTENER);
  }

  @Test
  void listenerNestedInAPrivateClass() {
    assertOneError("NestedInPrivateClass", Diagnostics.UNREACHABLE_LISTENER);
  }

  @Test
  void localClass() {
    assertOneError("LocalClass", Diagnostics.UNREACHABLE_LISTENER);
  }

  @Test
  void anonymousClass() {
    assertOneError("AnonymousClass", Diagnostics.UNREACHABLE_LISTENER);
  }

  @Test
  void abstractHandler() {
    assertOneError("AbstractHandler", Diagnostics.ABSTRACT_HANDLER);
  }

  @Test
  void staticHandlerInAnInterface() {
    assertOneError("InterfaceHandler", Diagnostics.STATIC_HANDLER);
  }

  @Test
  void parameterTypeNotAccessibleFromTheListenersPackage() {
    Compilation compilation =
        assertOneError("InaccessibleParameter", Diagnostics.INACCESSIBLE_PARAMETER);
    assertThat(compilation).hadErrorContaining("bad.InaccessibleParameter.Secret");
  }

  @Test
  void inheritedHandlerNotAccessibleFromTheSubclassPackage(@TempDir Path jar) {
    Compilation base = Compiler.javac().compile(source("bad/badlib/HiddenBase.java"));
    assertThat(base).succeededWithoutWarnings();
    Compilations.writeClassFiles(base, jar);
    JavaFileObject file = source("bad/badapp/InheritsHidden.java");

    Compilation compilation = herald().withClasspath(Compilations.classPathWith(jar)).compile(file);

    // reported on the subclass: the superclass is only a class file
    assertThat(compilation)
        .hadErrorContaining(Diagnostics.INHERITED_INACCESSIBLE)
        .inFile(file)
        .onLineContaining("class InheritsHidden");
    assertThat(compilation)
        .hadErrorContaining(
            "badlib.HiddenBase.onHidden(java.lang.Object) is inherited by badapp.InheritsHidden");
    assertThat(compilation).hadErrorContaining("Compile badlib.HiddenBase with herald-processor");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void typeThatNeverAppearsIsReportedAfterTheLastRound() {
    JavaFileObject file = source("bad/UnresolvedParameter.java");
    Compilation compilation = herald().compile(file);

    assertThat(compilation)
        .hadErrorContaining(Diagnostics.UNRESOLVED_TYPE)
        .inFile(file)
        .onLineContaining("@Subscribe");
    assertThat(compilation).hadErrorContaining("NeverGenerated");
  }

  @Test
  void everyMistakeOfAMethodIsReported() {
    JavaFileObject file = source("bad/ManyMistakes.java");
    Compilation compilation = herald().compile(file);

    for (String message :
        new String[] {
          Diagnostics.PRIVATE_HANDLER,
          Diagnostics.STATIC_HANDLER,
          Diagnostics.SECOND_PARAMETER,
          Diagnostics.PRIMITIVE_PARAMETER
        }) {
      assertThat(compilation)
          .hadErrorContaining(message)
          .inFile(file)
          .onLineContaining("@Subscribe");
    }
    assertThat(compilation).hadErrorCount(4);
  }

  @Test
  void goodClassBesideABadOneStillGetsItsDispatcher(@TempDir Path dir) throws IOException {
    JavaFileObject file = source("bad/GoodAndBad.java");
    Compilation compilation = herald().compile(file);

    assertThat(compilation)
        .hadErrorContaining(Diagnostics.PRIVATE_HANDLER)
        .inFile(file)
        .onLineContaining("@Subscribe private");
    assertThat(compilation).hadErrorCount(1);

    // compile-testing hides what a failed compilation generated; javax.tools writes it to disk
    assertThat(
            Compilations.compileToDisk(
                dir,
                List.of(new SubscribeProcessor(), new IndexProcessor()),
                "bad/GoodAndBad.java"))
        .isFalse();
    Path generated = dir.resolve("generated/bad");
    assertThat(Files.readString(generated.resolve("GoodAndBad_Dispatcher.java")))
        .contains("listener.good(message);");
    assertThat(Files.exists(generated.resolve("BadNeighbour_Dispatcher.java"))).isFalse();
  }

  @Test
  void crashIsReportedAndTheOtherListenersAreStillProcessed(@TempDir Path dir) throws IOException {
    JavaFileObject boom = source("bad/Boom.java");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(crashingOnBoom(), new IndexProcessor())
            .compile(boom, source("bad/Calm.java"));

    assertThat(compilation)
        .hadErrorContaining(
            Diagnostics.UNEXPECTED_ERROR + " while generating the dispatcher of bad.Boom")
        .inFile(boom)
        .onLineContaining("class Boom");
    assertThat(compilation).hadErrorContaining("java.lang.IllegalStateException: simulated bug");
    assertThat(compilation).hadErrorCount(1);

    // the processor went on: Calm's dispatcher was written all the same
    assertThat(
            Compilations.compileToDisk(
                dir,
                List.of(crashingOnBoom(), new IndexProcessor()),
                "bad/Boom.java",
                "bad/Calm.java"))
        .isFalse();
    assertThat(Files.exists(dir.resolve("generated/bad/Calm_Dispatcher.java"))).isTrue();
    assertThat(Files.exists(dir.resolve("generated/bad/Boom_Dispatcher.java"))).isFalse();
  }

  @Test
  void emptyTag() {
    assertOneError("EmptyTag", Diagnostics.EMPTY_TAG);
  }

  @Test
  void userClassWithTheDispatchersNameIsOneErrorOnTheListener() {
    JavaFileObject listener = source("bad/Taken.java");
    Compilation compilation = herald().compile(listener, source("bad/Taken_Dispatcher.java"));

    assertThat(compilation).hadErrorContaining(Diagnostics.DISPATCHER_NAME_TAKEN).inFile(listener);
    assertThat(compilation).hadErrorContaining("Rename the class bad.Taken_Dispatcher");
    assertThat(compilation).hadErrorCount(1);
    assertNoStackTrace(compilation);
  }

  @Test
  void indexOptionNamingAnExistingClassIsOneError() {
    Compilation compilation =
        herald("-Aherald.index=bad.Taken_Dispatcher")
            .compile(
                source("good/plain/Radar.java"),
                source("good/plain/UnderAttack.java"),
                source("bad/Taken_Dispatcher.java"));

    assertThat(compilation).hadErrorContaining(Diagnostics.INDEX_NAME_TAKEN);
    assertThat(compilation).hadErrorContaining("-Aherald.index=com.acme.MyIndex");
    assertThat(compilation).hadErrorCount(1);
    assertNoStackTrace(compilation);
  }

  private static void assertNoStackTrace(Compilation compilation) {
    for (var diagnostic : compilation.diagnostics()) {
      String text = diagnostic.getMessage(java.util.Locale.ROOT);
      assertThat(text).doesNotContain(Diagnostics.UNEXPECTED_ERROR);
      assertThat(text).doesNotContain("\tat ");
    }
  }

  /** A processor with a bug that shows for the listener named Boom. */
  private static SubscribeProcessor crashingOnBoom() {
    return new SubscribeProcessor() {
      @Override
      void writeDispatcher(ListenerClass listener) throws IOException {
        if (listener.element().getSimpleName().contentEquals("Boom")) {
          throw new IllegalStateException("simulated bug");
        }
        super.writeDispatcher(listener);
      }
    };
  }

  /**
   * As {@link #assertOneError}, for a source that mimics a kapt stub: stand-ins for the Kotlin
   * types it names are compiled with it, as the processor itself knows nothing of Kotlin.
   */
  private static void assertOneKotlinError(String name, String message) {
    JavaFileObject file = source("bad/" + name + ".java");
    Compilation compilation =
        herald()
            .compile(
                file,
                source("kotlin/Metadata.java"),
                source("kotlin/Unit.java"),
                source("kotlin/coroutines/Continuation.java"),
                source("stub/dev/herald/Envelope.java"));
    assertThat(compilation).hadErrorContaining(message).inFile(file).onLineContaining("@Subscribe");
    assertThat(compilation).hadErrorCount(1);
  }

  /** Compiles {@code bad/<name>.java} and checks for exactly one error, on the annotation. */
  private static Compilation assertOneError(String name, String message) {
    JavaFileObject file = source("bad/" + name + ".java");
    Compilation compilation = herald().compile(file);
    assertThat(compilation).hadErrorContaining(message).inFile(file).onLineContaining("@Subscribe");
    assertThat(compilation).hadErrorCount(1);
    return compilation;
  }
}
