package dev.herald.benchmarks.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedOptions;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * A processor that does no work of its own: in the first round it writes the sources of the
 * directory {@code -Aprepared=dir} through the {@code Filer}, one generated file each, as a real
 * processor would. {@link ProcessorCost} runs it on sources Herald generated (or a prototype of
 * another design) to measure what javac spends on generated files, apart from what the processor
 * that writes them spends.
 */
@SupportedAnnotationTypes("*")
@SupportedOptions(PreparedSources.OPTION)
public final class PreparedSources extends AbstractProcessor {
  static final String OPTION = "prepared";
  private boolean written;

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (!written && !round.processingOver()) {
      written = true;
      Path root = Path.of(processingEnv.getOptions().get(OPTION));
      try {
        for (Path source : sourcesIn(root)) {
          String relative = root.relativize(source).toString();
          String type =
              relative
                  .substring(0, relative.length() - ".java".length())
                  .replace(source.getFileSystem().getSeparator(), ".");
          try (Writer out = processingEnv.getFiler().createSourceFile(type).openWriter()) {
            out.write(Files.readString(source));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return true; // claims everything: no "unclaimed annotation" warnings
  }

  private static List<Path> sourcesIn(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(f -> f.toString().endsWith(".java"))
          .sorted()
          .collect(Collectors.toList());
    }
  }
}
