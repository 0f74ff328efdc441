package dev.herald.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Where a writer puts its text, as it makes it: the files of a large map are never held whole in
 * memory. An {@link IOException} comes out as an {@link UncheckedIOException}, which the tool
 * unwraps.
 */
final class Output {
  private final Writer writer;

  Output(Writer writer) {
    this.writer = writer;
  }

  Output append(String text) {
    try {
      writer.write(text);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Output append(char c) {
    return append(String.valueOf(c));
  }

  Output append(int number) {
    return append(Integer.toString(number));
  }
}
