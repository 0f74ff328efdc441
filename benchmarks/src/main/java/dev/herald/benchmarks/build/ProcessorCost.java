package dev.herald.benchmarks.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What an annotation processor costs a build: the same listener classes compiled by
 * {@code javac} in a fresh process without a processor, with Herald's, and with greenrobot's
 * index processor, the three in turn, several times; the median wall time of each and its
 * ratio to plain {@code javac}. Two more builds, in the same turns, say where Herald's cost
 * goes: {@code javac} without a processor on the listeners plus the dispatchers Herald writes,
 * and on the listeners plus as many empty classes; and a processor that does no work of its
 * own ({@link PreparedSources}) writing Herald's dispatchers, so that what javac spends on the
 * generated files is apart from what Herald's processor spends, and writing as many empty
 * classes (the floor of any design that generates a file per listener). The last build is a prototype
 * of the design Herald does not use, one generated class per package
 * ({@link PackageDispatchers}), written by the same do-nothing processor. Run by
 * {@code benchmarks/build-cost.sh}, which finds the jars.
 *
 * <p>Arguments: {@code runs listeners heraldClassPath heraldProcessorPath greenrobotClassPath
 * greenrobotProcessorPath benchmarkClasses}.
 */
public final class ProcessorCost {
  private static final int MESSAGE_TYPES = 20;

  public static void main(String[] args) throws Exception {
    int runs = Integer.parseInt(args[0]);
    int listeners = Integer.parseInt(args[1]);
    Path work = Files.createTempDirectory("herald-build-cost");
    Path heraldSources = writeListeners(work.resolve("herald-src"), listeners,
        "dev.herald.annotation.Subscribe");
    Path greenrobotSources = writeListeners(work.resolve("greenrobot-src"), listeners,
        "org.greenrobot.eventbus.Subscribe");

    Map<String, List<String>> builds = new LinkedHashMap<>();
    builds.put("plain javac", javac(heraldSources, work, args[2], null));
    builds.put("Herald's processor", javac(heraldSources, work, args[2], args[3]));
    builds.put("greenrobot's index processor", javac(greenrobotSources, work, args[4], args[5],
        "-AeventBusIndex=bench.BenchEventBusIndex"));
    // where Herald's cost goes: javac alone on the listeners plus the dispatchers Herald
    // writes (as sources, no processor), and plus as many empty classes (the cost of a file)
    Path dispatchers = work.resolve("dispatcher-src");
    run(javac(heraldSources, work, args[2], args[3]), work);
    copyGenerated(work.resolve("generated"), dispatchers);
    builds.put("no processor, listeners + Herald's dispatchers as sources",
        javac(List.of(heraldSources, dispatchers), work, args[2], null));
    Path emptyClasses = writeEmptyClasses(work.resolve("empty-src"), listeners);
    builds.put("no processor, listeners + as many empty classes",
        javac(List.of(heraldSources, emptyClasses), work, args[2], null));
    // javac's share of the Herald build: the same dispatchers, written by a processor that
    // does nothing else (so the rounds and the Filer are as in the Herald build)
    builds.put("do-nothing processor writing Herald's dispatchers",
        javac(heraldSources, work, args[2], args[6], prepared(dispatchers)));
    // the floor of any design with one generated file per listener: the files cost this
    // however little they hold
    builds.put("do-nothing processor writing as many empty classes",
        javac(heraldSources, work, args[2], args[6], prepared(emptyClasses)));
    builds.put("do-nothing processor writing one class per package (prototype)",
        javac(heraldSources, work, args[2], args[6], prepared(PackageDispatchers.write(
            work.resolve("package-src"), listeners, MESSAGE_TYPES))));

    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    builds.keySet().forEach(name -> seconds.put(name, new ArrayList<>()));
    for (String name : builds.keySet()) {
      run(builds.get(name), work); // one unmeasured run each: the disk cache, javac's jars
    }
    for (int i = 0; i < runs; i++) {
      for (Map.Entry<String, List<String>> build : builds.entrySet()) {
        seconds.get(build.getKey()).add(run(build.getValue(), work));
      }
    }

    double plain = median(seconds.get("plain javac"));
    System.out.printf(Locale.ROOT, "%d listener classes (2 handlers each, %d message types),"
        + " %d runs each in turn, %s%n%n", listeners, MESSAGE_TYPES, runs,
        System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    System.out.println("| build | median s | min s | max s | ratio to plain javac |");
    System.out.println("|---|---:|---:|---:|---:|");
    for (Map.Entry<String, List<Double>> entry : seconds.entrySet()) {
      List<Double> times = entry.getValue();
      System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f |%n", entry.getKey(),
          median(times), times.stream().min(Double::compare).orElseThrow(),
          times.stream().max(Double::compare).orElseThrow(), median(times) / plain);
    }
    deleteRecursively(work);
  }

  private static String[] prepared(Path sources) {
    return new String[] {
      "-processor", PreparedSources.class.getName(), "-A" + PreparedSources.OPTION + "=" + sources
    };
  }

  /** {@code listeners} classes, each with two handlers of two of the shared message types. */
  private static Path writeListeners(Path root, int listeners, String subscribe)
      throws IOException {
    Path dir = Files.createDirectories(root.resolve("bench"));
    for (int m = 0; m < MESSAGE_TYPES; m++) {
      Files.writeString(dir.resolve("Message" + m + ".java"),
          "package bench;\n\npublic class Message" + m + " {\n  public int value;\n}\n");
    }
    for (int i = 0; i < listeners; i++) {
      int first = PackageDispatchers.first(i, MESSAGE_TYPES);
      int second = PackageDispatchers.second(i, MESSAGE_TYPES);
      Files.writeString(dir.resolve("Listener" + i + ".java"),
          "package bench;\n\n"
              + "import " + subscribe + ";\n\n"
              + "public class Listener" + i + " {\n"
              + "  private int seen;\n\n"
              + "  @Subscribe\n"
              + "  public void onFirst(Message" + first + " message) {\n"
              + "    seen += message.value;\n"
              + "  }\n\n"
              + "  @Subscribe\n"
              + "  public void onSecond(Message" + second + " message) {\n"
              + "    seen -= message.value;\n"
              + "  }\n"
              + "}\n");
    }
    return root;
  }

  /** One empty class per listener: what javac spends on a file, whatever is in it. */
  private static Path writeEmptyClasses(Path root, int count) throws IOException {
    Path dir = Files.createDirectories(root.resolve("bench"));
    for (int i = 0; i < count; i++) {
      Files.writeString(dir.resolve("Empty" + i + ".java"),
          "package bench;\n\npublic final class Empty" + i + " {\n}\n");
    }
    return root;
  }

  /** Copies the sources a processor generated, so javac can compile them without it. */
  private static void copyGenerated(Path generated, Path target) throws IOException {
    try (Stream<Path> files = Files.walk(generated)) {
      for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        Path copy = target.resolve(generated.relativize(file).toString());
        Files.createDirectories(copy.getParent());
        Files.copy(file, copy);
      }
    }
  }

  private static List<String> javac(
      Path sources, Path work, String classPath, String processorPath, String... options)
      throws IOException {
    return javac(List.of(sources), work, classPath, processorPath, options);
  }

  private static List<String> javac(
      List<Path> sourceRoots, Path work, String classPath, String processorPath,
      String... options) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "javac").toString());
    command.addAll(List.of("-d", work.resolve("out").toString(),
        "-s", work.resolve("generated").toString(), "-cp", classPath, "-nowarn"));
    if (processorPath == null) {
      command.add("-proc:none");
    } else {
      command.addAll(List.of("-processorpath", processorPath));
    }
    command.addAll(Arrays.asList(options));
    for (Path sources : sourceRoots) {
      try (Stream<Path> files = Files.walk(sources)) {
        files.filter(f -> f.toString().endsWith(".java")).sorted()
            .forEach(f -> command.add(f.toString()));
      }
    }
    return command;
  }

  /** Runs one compilation into an empty output; returns its wall time in seconds. */
  private static double run(List<String> command, Path work) throws Exception {
    deleteRecursively(work.resolve("out"));
    deleteRecursively(work.resolve("generated"));
    Files.createDirectories(work.resolve("out"));
    Files.createDirectories(work.resolve("generated"));
    long start = System.nanoTime();
    Process javac = new ProcessBuilder(command).inheritIO().start();
    int exit = javac.waitFor();
    double seconds = (System.nanoTime() - start) / 1e9;
    if (exit != 0) {
      throw new IllegalStateException("javac failed (" + exit + "): " + command.subList(0, 8));
    }
    return seconds;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
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

  private ProcessorCost() {}
}
