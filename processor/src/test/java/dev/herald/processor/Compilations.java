package dev.herald.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Shared helpers: test sources, the compiler with Herald's processors, class files on disk. */
final class Compilations {

  /** The options the project builds with, so that generated code is held to the same lint. */
  static final String[] OPTIONS = {"-Xlint:all,-processing", "-XDstringConcat=inline"};

  /** javac with Herald's processors, the project's lint options and {@code extra}. */
  static Compiler herald(String... extra) {
    List<String> options = new ArrayList<>(Arrays.asList(OPTIONS));
    options.addAll(Arrays.asList(extra));
    return Compiler.javac().withProcessors(processors()).withOptions(options);
  }

  /** Herald's processors, in the order of the service file that javac discovers them by. */
  static List<Processor> processors() {
    return List.of(
        new IndexProcessor(), new ListenerChecksProcessor(), new SubscribeProcessor(),
        new ForeignSubscribeProcessor());
  }

  static JavaFileObject source(String resource) {
    return JavaFileObjects.forResource(resource);
  }

  /** Asserts that {@code compilation} wrote {@code qualifiedName} as its golden file says. */
  static void assertGeneratedAsExpected(Compilation compilation, String qualifiedName) {
    String simpleName = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
    assertThat(compilation)
        .generatedSourceFile(qualifiedName)
        .hasSourceEquivalentTo(source("expected/" + simpleName + ".java"));
  }

  static JavaFileObject[] sources(String... resources) {
    return Arrays.stream(resources).map(Compilations::source).toArray(JavaFileObject[]::new);
  }

  /**
   * Writes the class output of {@code compilation} (class files and resources such as the
   * service file) under {@code dir}, as a build would.
   */
  static void writeClassFiles(Compilation compilation, Path dir) {
    for (JavaFileObject file : compilation.generatedFiles()) {
      String path = file.toUri().getPath();
      if (!path.contains("/CLASS_OUTPUT/")) {
        continue;
      }
      String relative = path.substring(path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length());
      Path target = dir.resolve(relative);
      try (InputStream in = file.openInputStream()) {
        Files.createDirectories(target.getParent());
        Files.copy(in, target);
      } catch (java.io.FileNotFoundException probedOnly) {
        // compile-testing lists a file the processor only looked for (Filer.getResource)
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The test class path plus {@code dir}. */
  static List<File> classPathWith(Path dir) {
    List<File> path = new ArrayList<>();
    path.add(dir.toFile());
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      path.add(new File(entry));
    }
    return path;
  }

  /**
   * Compiles {@code sources} with Herald's processors through {@code javax.tools}, writing
   * generated sources under {@code dir/generated}: unlike compile-testing, this shows what was generated
   * by a compilation that failed.
   *
   * @return whether the compilation succeeded
   */
  static boolean compileToDisk(Path dir, List<Processor> processors, String... resources) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      Path classes = Files.createDirectories(dir.resolve("classes"));
      Path generated = Files.createDirectories(dir.resolve("generated"));
      List<JavaFileObject> units = Arrays.asList(sources(resources));
      // what an earlier compilation wrote into dir is on the class path, as in a build
      List<String> options =
          List.of("-d", classes.toString(), "-s", generated.toString(),
              "-classpath", classes + File.pathSeparator + System.getProperty("java.class.path"));
      JavaCompiler.CompilationTask task =
          javac.getTask(null, files, diagnostic -> {}, options, null, units);
      task.setProcessors(processors);
      return task.call();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Compilations() {}
}
