package dev.herald.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.Compilations.herald;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Attacks on the warning for MBassador's {@code @Handler}. The real annotation (mbassador 1.3.2)
 * targets {@code METHOD} and {@code ANNOTATION_TYPE}: MBassador reads it as a meta-annotation too,
 * so a program may declare its own handler annotation with it. The stand-in in
 * src/test/resources/foreign/mbassador targets methods only, which hides both cases below.
 */
class ForeignSubscribeAttackTest {
  /** As the real annotation is declared. */
  private static final JavaFileObject REAL_HANDLER =
      JavaFileObjects.forSourceString(
          "net.engio.mbassy.listener.Handler",
          "package net.engio.mbassy.listener;\n"
              + "import java.lang.annotation.*;\n"
              + "@Retention(RetentionPolicy.RUNTIME)\n"
              + "@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})\n"
              + "public @interface Handler {}\n");

  /** A program's own handler annotation, meta-annotated with MBassador's: no method here. */
  private static final JavaFileObject OWN_HANDLER_ANNOTATION =
      JavaFileObjects.forSourceString(
          "foreign.AsyncHandler",
          "package foreign;\n"
              + "import java.lang.annotation.*;\n"
              + "@Retention(RetentionPolicy.RUNTIME)\n"
              + "@Target(ElementType.METHOD)\n"
              + "@net.engio.mbassy.listener.Handler\n"
              + "public @interface AsyncHandler {}\n");

  /**
   * The annotation type is no handler that Herald misses: it gets no warning, whose text ("Replace
   * it by @dev.herald.annotation.Subscribe") could not apply to an annotation type.
   */
  @Test
  void anAnnotationTypeMetaAnnotatedWithMBassadorsHandlerIsNoLeftoverHandler() {
    Compilation compilation = herald().compile(REAL_HANDLER, OWN_HANDLER_ANNOTATION);

    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(0);
  }

  /**
   * A method left with the program's own MBassador handler annotation is just as silently never
   * called by Herald: it gets the warning too.
   */
  @Test
  void aLeftoverHandlerThroughAMetaAnnotationIsWarnedOfToo() {
    JavaFileObject leftover =
        JavaFileObjects.forSourceString(
            "foreign.MetaLeftover",
            "package foreign;\n"
                + "class MetaLeftover {\n"
                + "  @AsyncHandler\n"
                + "  public void onMessage(String message) {}\n"
                + "}\n");
    Compilation compilation = herald().compile(REAL_HANDLER, leftover, suppressedOwnAnnotation());

    assertThat(compilation)
        .hadWarningContaining(Diagnostics.FOREIGN_SUBSCRIBE)
        .inFile(leftover)
        .onLineContaining("@AsyncHandler");
  }

  /** {@link #OWN_HANDLER_ANNOTATION} with the (false) warning on itself suppressed. */
  private static JavaFileObject suppressedOwnAnnotation() {
    return JavaFileObjects.forSourceString(
        "foreign.AsyncHandler",
        "package foreign;\n"
            + "import java.lang.annotation.*;\n"
            + "@Retention(RetentionPolicy.RUNTIME)\n"
            + "@Target(ElementType.METHOD)\n"
            + "@net.engio.mbassy.listener.Handler\n"
            + "@SuppressWarnings(\"herald-foreign-subscribe\")\n"
            + "public @interface AsyncHandler {}\n");
  }
}
