package dev.herald.tools;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws the message map of a program from what Herald's processor wrote into its jars and class
 * folders ({@code META-INF/herald/map/}): which listener handles which message, with what
 * attributes, along the messages' type hierarchy, and which messages cross the process.
 *
 * <pre>
 * java -cp herald-tools.jar dev.herald.tools.MessageMapTool --out &lt;dir&gt; &lt;jar-or-directory&gt;...
 * </pre>
 *
 * <p>It writes {@code message-map.mmd} (a Mermaid flowchart), {@code message-map.dot} (Graphviz)
 * and {@code message-map.html} (a table with a search box, self-contained) into the output folder,
 * and {@code message-map.svg} too when Graphviz's {@code dot} is on the {@code PATH}. {@code --name
 * <base>} names the files {@code <base>.mmd}...; {@code --no-svg} skips Graphviz. The output is the
 * same on every run for the same input: sorted, no time stamps, no paths of this machine, whatever
 * the order of the inputs. It reads files only: no class is loaded.
 *
 * <p>Inputs that disagree are reported: a listener or a wire type that two of them describe
 * differently, or two wire types with one id, is an error (nothing is written: the inputs are not
 * one program); a type that two describe differently is a warning (the inputs were compiled against
 * different versions of it). The same description twice, a jar and its class folder say, is no
 * disagreement.
 *
 * @since 0.1
 */
public final class MessageMapTool {
  private static final String USAGE =
      "usage: java -cp herald-tools.jar dev.herald.tools.MessageMapTool --out <dir>"
          + " [--name <base>] [--no-svg] <jar-or-directory>...";

  private MessageMapTool() {}

  /**
   * Runs the tool and exits with its status if that is not 0.
   *
   * @param args the command line: see the class comment
   */
  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /**
   * Runs the tool.
   *
   * @param args the command line: see the class comment
   * @param out where the files written are listed
   * @param err where errors are reported
   * @return 0 when the files were written, 2 on a bad command line, 1 when an input could not be
   *     read or a file not written
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Arguments arguments;
    try {
      arguments = Arguments.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println(USAGE);
      return 2;
    }
    if (arguments == null) {
      out.println(USAGE);
      return 0;
    }
    try {
      MessageMap map = new MessageMap();
      MapReader reader = new MapReader(map);
      for (Path input : arguments.inputs) {
        if (!reader.read(input)) {
          err.println(
              "note: "
                  + input
                  + " has no message map (no "
                  + MapReader.FOLDER
                  + "*.index): was it compiled with herald-processor on the annotation"
                  + " processor path?");
        }
      }
      if (map.isEmpty()) {
        err.println("error: none of the inputs has a message map; nothing written");
        return 1;
      }
      List<String> errors = map.errors();
      if (!errors.isEmpty()) {
        for (String error : errors) {
          err.println("error: " + error);
        }
        err.println("error: the inputs disagree; nothing written");
        return 1;
      }
      for (String warning : map.warnings()) {
        err.println("warning: " + warning);
      }
      Files.createDirectories(arguments.out);
      Diagram diagram = new Diagram(map);
      write(arguments.out.resolve(arguments.name + ".mmd"), Drawing.MERMAID, diagram, map, out);
      Path dot = arguments.out.resolve(arguments.name + ".dot");
      write(dot, Drawing.DOT, diagram, map, out);
      write(arguments.out.resolve(arguments.name + ".html"), Drawing.HTML, diagram, map, out);
      if (arguments.svg) {
        return renderSvg(dot, arguments.out.resolve(arguments.name + ".svg"), out, err);
      }
      return 0;
    } catch (MapFormatException e) {
      err.println("error: " + e.getMessage());
      return 1;
    } catch (IOException e) {
      err.println("error: " + e);
      return 1;
    }
  }

  /** The files the tool writes, each drawn straight into its file. */
  private enum Drawing {
    MERMAID,
    DOT,
    HTML
  }

  private static void write(
      Path file, Drawing drawing, Diagram diagram, MessageMap map, PrintStream out)
      throws IOException {
    try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      Output text = new Output(writer);
      switch (drawing) {
        case MERMAID:
          MermaidWriter.write(diagram, text);
          break;
        case DOT:
          DotWriter.write(diagram, text);
          break;
        case HTML:
          HtmlWriter.write(map, text);
          break;
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    out.println("wrote " + file);
  }

  /** Renders the SVG with Graphviz's {@code dot}, if it is on the {@code PATH}. */
  private static int renderSvg(Path dot, Path svg, PrintStream out, PrintStream err)
      throws IOException {
    Path graphviz = onPath("dot");
    if (graphviz == null) {
      out.println("Graphviz's dot is not on the PATH: no SVG (render " + dot + " elsewhere)");
      return 0;
    }
    Process process =
        new ProcessBuilder(graphviz.toString(), "-Tsvg", "-o", svg.toString(), dot.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      int status = process.waitFor();
      if (status != 0) {
        err.println("error: " + graphviz + " failed with status " + status + ": " + output);
        return 1;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroy();
      err.println("error: interrupted while Graphviz rendered " + svg);
      return 1;
    }
    out.println("wrote " + svg);
    return 0;
  }

  private static Path onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String folder : path.split(File.pathSeparator)) {
      if (!folder.isEmpty()) {
        Path candidate = Path.of(folder, program);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    return null;
  }

  /** The parsed command line. */
  private static final class Arguments {
    Path out;
    String name = "message-map";
    boolean svg = true;
    final List<Path> inputs = new ArrayList<>();

    /** The arguments, or {@code null} for {@code --help}. */
    static Arguments parse(String[] args) {
      Arguments parsed = new Arguments();
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        switch (arg) {
          case "--help":
          case "-h":
            return null;
          case "--out":
            parsed.out = Path.of(valueOf(args, ++i, arg));
            break;
          case "--name":
            parsed.name = valueOf(args, ++i, arg);
            if (parsed.name.isEmpty() || parsed.name.contains("/") || parsed.name.contains("\\")) {
              throw new IllegalArgumentException(
                  "--name takes a file name without a folder, such as message-map");
            }
            break;
          case "--no-svg":
            parsed.svg = false;
            break;
          default:
            if (arg.startsWith("-")) {
              throw new IllegalArgumentException("unknown option " + arg);
            }
            Path input = Path.of(arg);
            if (!Files.isDirectory(input) && !Files.isRegularFile(input)) {
              throw new IllegalArgumentException(
                  "no jar or directory " + arg + ": give a built jar or a class folder");
            }
            parsed.inputs.add(input);
        }
      }
      if (parsed.out == null) {
        throw new IllegalArgumentException("--out <dir> is missing: the folder to write into");
      }
      if (parsed.inputs.isEmpty()) {
        throw new IllegalArgumentException(
            "no input: give the jars or class folders to read, such as target/classes");
      }
      return parsed;
    }

    private static String valueOf(String[] args, int index, String option) {
      if (index >= args.length || args[index].startsWith("--")) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[index];
    }
  }
}
