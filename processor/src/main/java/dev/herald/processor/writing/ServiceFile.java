package dev.herald.processor.writing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * One {@link java.util.ServiceLoader} file in the class output, such as {@code
 * META-INF/services/dev.herald.internal.generated.Dispatcher}, or an index of the message map in
 * the same shape: the entries of this compilation merged with those of the file an earlier
 * compilation left in the same output.
 *
 * <p>A build that recompiles only some sources (an IDE, Maven with incremental compilation off)
 * sees only the changed classes, yet the file it writes replaces the whole earlier one. So the
 * processor that owns the file reads the earlier entries once, keeps those that are still true (its
 * rule, not this class's), adds its own, and the file is written once, at the end of the
 * compilation, one entry a line, sorted, after the header line if the file has one.
 */
public final class ServiceFile {
  private final Filer filer;
  private final String path;
  private final String header;
  private final Set<String> entries = new TreeSet<>();
  private final List<Element> originating = new ArrayList<>();
  private boolean earlierRead;

  /**
   * @param path the file's path in the class output: {@code META-INF/services/} and the service's
   *     binary name
   */
  public ServiceFile(Filer filer, String path) {
    this(filer, path, null);
  }

  /**
   * @param path the file's path in the class output
   * @param header the file's first line, which is no entry; {@code null} for none
   */
  public ServiceFile(Filer filer, String path, String header) {
    this.filer = filer;
    this.path = path;
    this.header = header;
  }

  /**
   * The classes listed by the file that an earlier compilation wrote into the same output, on the
   * first call; none on later calls, nor on a clean build. Comments and blank lines are not
   * entries.
   */
  public List<String> earlierEntriesOnce() {
    List<String> earlier = new ArrayList<>();
    if (earlierRead) {
      return earlier;
    }
    earlierRead = true;
    try {
      FileObject existing = filer.getResource(StandardLocation.CLASS_OUTPUT, "", path);
      try (BufferedReader in =
          new BufferedReader(
              new InputStreamReader(existing.openInputStream(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          int comment = line.indexOf('#');
          String name = (comment < 0 ? line : line.substring(0, comment)).trim();
          if (!name.isEmpty() && !name.equals(header)) {
            earlier.add(name);
          }
        }
      }
    } catch (IOException | IllegalArgumentException noneYet) {
      // a clean build: there is no earlier file
    }
    return earlier;
  }

  /** Lists an entry of the earlier file that is still true. */
  public void keep(String earlier) {
    entries.add(earlier);
  }

  /** Lists an entry of this compilation, which the file then originates from. */
  public void add(String entry, Element originatingElement) {
    entries.add(entry);
    originating.add(originatingElement);
  }

  /** Every entry listed so far, sorted: the ones kept and the ones added. */
  public List<String> entries() {
    return List.copyOf(entries);
  }

  /**
   * Writes the file if this compilation added a class to it. One that added none writes nothing,
   * which leaves the earlier file as it was.
   */
  public void writeIfAdded() throws IOException {
    if (originating.isEmpty()) {
      return;
    }
    FileObject file =
        filer.createResource(
            StandardLocation.CLASS_OUTPUT, "", path, originating.toArray(new Element[0]));
    try (Writer out = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
      if (header != null) {
        out.write(header);
        out.write('\n');
      }
      for (String entry : entries) {
        out.write(entry);
        out.write('\n');
      }
    }
  }
}
