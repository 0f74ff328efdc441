package dev.herald.benchmarks.build;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/**
 * What an annotation processor costs a build: the same listener classes compiled by {@code javac}
 * in a fresh process without a processor, with Herald's, and with greenrobot's index processor, in
 * turn, several times; the median wall time of each, the CPU time of the {@code javac} process, and
 * their ratios to plain {@code javac}. More builds, in the same turns, say where Herald's cost
 * goes:
 *
 * <ul>
 *   <li>{@code javac} without a processor on the listeners plus the dispatchers Herald writes, and
 *       plus as many empty classes: what compiling the files costs, however they came;
 *   <li>a processor that does no work of its own ({@link PreparedSources}) writing Herald's
 *       dispatchers, so that what javac spends on the generated files is apart from what Herald's
 *       processor spends; writing as many empty classes (the floor of any design that generates a
 *       file per listener); writing no file and one empty class (the cost of the processing rounds
 *       alone, without and with generated sources: a build with one generated file, as
 *       greenrobot's, has the same rounds); and writing the empty classes with {@code
 *       --limit-modules java.base}, under which javac's {@code Filer} looks each new name up in one
 *       module instead of every module of the JDK;
 *   <li>a prototype of the design Herald does not use, one generated class per package ({@link
 *       PackageDispatchers}), written by the same do-nothing processor.
 * </ul>
 *
 * <p>With {@code --phases} every build also runs the {@link JavacPhases} plugin, and a second table
 * gives the median time of javac's phases (the plugin itself costs a little, so the first table of
 * such a run is not the one to quote). With {@code --warm=N} javac runs in this JVM instead
 * (through {@code javax.tools}, as Maven's compiler plugin and Gradle's compiler daemon run it),
 * after N unmeasured turns, so that javac's own start-up and JIT warm-up are out of the figures;
 * the CPU column is then this thread's, which is javac's. Run by {@code benchmarks/build-cost.sh},
 * which finds the jars.
 *
 * <p>Arguments: {@code runs listeners heraldClassPath heraldProcessorPath greenrobotClassPath
 * greenrobotProcessorPath benchmarkClasses [--rows=key,key...] [--phases] [--warm=N]}; the keys are
 * those of {@link #ROWS}, and plain javac is always built. The builds write into {@code
 * java.io.tmpdir}.
 */
public final class ProcessorCost {
  private static final int MESSAGE_TYPES = 20;

  /** Every build, by key, in the order of the table. */
  static final Map<String, String> ROWS = new LinkedHashMap<>();

  static {
    ROWS.put("plain", "plain javac");
    ROWS.put("herald", "Herald's processor");
    ROWS.put("greenrobot", "greenrobot's index processor");
    ROWS.put("dispatchers-as-sources", "no processor, listeners + Herald's dispatchers as sources");
    ROWS.put("empty-as-sources", "no processor, listeners + as many empty classes");
    ROWS.put("prepared-dispatchers", "do-nothing processor writing Herald's dispatchers");
    ROWS.put("prepared-empty", "do-nothing processor writing as many empty classes");
    ROWS.put("prepared-package", "do-nothing processor writing one class per package (prototype)");
    ROWS.put("prepared-none", "do-nothing processor writing no file");
    ROWS.put("prepared-one", "do-nothing processor writing one empty class");
    ROWS.put(
        "prepared-empty-java-base",
        "do-nothing processor writing as many empty classes, `--limit-modules java.base`");
  }

  public static void main(String[] args) throws Exception {
    int runs = Integer.parseInt(args[0]);
    int listeners = Integer.parseInt(args[1]);
    String heraldClassPath = args[2];
    String heraldProcessorPath = args[3];
    String greenrobotClassPath = args[4];
    String greenrobotProcessorPath = args[5];
    String benchmarkClasses = args[6];
    Set<String> rows = new LinkedHashSet<>(ROWS.keySet());
    boolean phases = false;
    int warm = 0; // unmeasured in-process turns; 0: each build is a fresh javac process
    for (String option : Arrays.asList(args).subList(7, args.length)) {
      if (option.startsWith("--rows=")) {
        rows = new LinkedHashSet<>(List.of("plain"));
        rows.addAll(Arrays.asList(option.substring("--rows=".length()).split(",")));
      } else if (option.equals("--phases")) {
        phases = true;
      } else if (option.startsWith("--warm=")) {
        warm = Integer.parseInt(option.substring("--warm=".length()));
      } else {
        throw new IllegalArgumentException("unknown option " + option);
      }
    }
    if (phases && warm > 0) {
      throw new IllegalArgumentException("--phases needs a javac process per build, not --warm");
    }
    if (!ROWS.keySet().containsAll(rows)) {
      rows.removeAll(ROWS.keySet());
      throw new IllegalArgumentException(
          "unknown rows " + rows + "; the rows are " + ROWS.keySet());
    }

    Path work = Files.createTempDirectory("herald-build-cost");
    Javac javac = new Javac(work, phases ? benchmarkClasses : null);
    Path heraldSources =
        writeListeners(work.resolve("herald-src"), listeners, "dev.herald.annotation.Subscribe");
    Path greenrobotSources =
        writeListeners(
            work.resolve("greenrobot-src"), listeners, "org.greenrobot.eventbus.Subscribe");
    Path dispatchers = work.resolve("dispatcher-src");
    if (rows.contains("dispatchers-as-sources") || rows.contains("prepared-dispatchers")) {
      // the dispatchers Herald writes, to compile without Herald's processor
      run(javac.command(List.of(heraldSources), heraldClassPath, heraldProcessorPath), work, false);
      copyGenerated(work.resolve("generated"), dispatchers);
    }
    Path emptyClasses = writeEmptyClasses(work.resolve("empty-src"), listeners);

    Map<String, List<String>> builds = new LinkedHashMap<>();
    for (String row : rows) {
      List<Path> sources = List.of(heraldSources);
      String classPath = heraldClassPath;
      String processorPath = benchmarkClasses; // PreparedSources', unless the row says otherwise
      List<String> options = new ArrayList<>();
      switch (row) {
        case "plain" -> processorPath = null;
        case "herald" -> processorPath = heraldProcessorPath;
        case "greenrobot" -> {
          sources = List.of(greenrobotSources);
          classPath = greenrobotClassPath;
          processorPath = greenrobotProcessorPath;
          options.add("-AeventBusIndex=bench.BenchEventBusIndex");
        }
        case "dispatchers-as-sources" -> {
          sources = List.of(heraldSources, dispatchers);
          processorPath = null;
        }
        case "empty-as-sources" -> {
          sources = List.of(heraldSources, emptyClasses);
          processorPath = null;
        }
        case "prepared-dispatchers" -> options.addAll(prepared(dispatchers));
        case "prepared-empty" -> options.addAll(prepared(emptyClasses));
        case "prepared-package" ->
            options.addAll(
                prepared(
                    PackageDispatchers.write(
                        work.resolve("package-src"), listeners, MESSAGE_TYPES)));
        case "prepared-none" ->
            options.addAll(prepared(Files.createDirectories(work.resolve("no-src"))));
        case "prepared-one" ->
            options.addAll(prepared(writeEmptyClasses(work.resolve("one-src"), 1)));
        case "prepared-empty-java-base" -> {
          options.addAll(List.of("--limit-modules", "java.base"));
          options.addAll(prepared(emptyClasses));
        }
        default -> throw new AssertionError(row);
      }
      builds.put(row, javac.command(sources, classPath, processorPath, options));
    }

    Map<String, List<Result>> results = new LinkedHashMap<>();
    builds.keySet().forEach(row -> results.put(row, new ArrayList<>()));
    String loadBefore = loadAverages();
    // unmeasured turns: the disk cache and javac's jars; in process, javac's JIT too
    for (int i = 0; i < Math.max(1, warm); i++) {
      for (String row : builds.keySet()) {
        run(builds.get(row), work, warm > 0);
      }
    }
    for (int i = 0; i < runs; i++) {
      for (Map.Entry<String, List<String>> build : builds.entrySet()) {
        results.get(build.getKey()).add(run(build.getValue(), work, warm > 0));
      }
    }
    String loadAfter = loadAverages();

    System.out.printf(
        Locale.ROOT,
        "%d listener classes (2 handlers each, %d message types),"
            + " %d runs each in turn, %s, %s, builds in %s; load averages (1, 5, 15 min) %s before,"
            + " %s after%n%n",
        listeners,
        MESSAGE_TYPES,
        runs,
        System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
        warm > 0 ? "javac in process after " + warm + " unmeasured turns" : "javac processes",
        work.getParent(),
        loadBefore,
        loadAfter);
    double plainWall = median(results.get("plain"), Result::wall);
    double plainCpu = median(results.get("plain"), Result::cpu);
    System.out.println(
        "| build | median s | min s | max s | ratio to plain javac"
            + " | CPU s (median) | CPU ratio |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|");
    for (Map.Entry<String, List<Result>> entry : results.entrySet()) {
      List<Result> times = entry.getValue();
      double wall = median(times, Result::wall);
      double cpu = median(times, Result::cpu);
      System.out.printf(
          Locale.ROOT,
          "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
          ROWS.get(entry.getKey()),
          wall,
          times.stream().mapToDouble(Result::wall).min().orElseThrow(),
          times.stream().mapToDouble(Result::wall).max().orElseThrow(),
          wall / plainWall,
          cpu,
          cpu / plainCpu);
    }
    if (phases) {
      printPhases(results);
    }
    deleteRecursively(work);
  }

  /** One build's wall time, the CPU time of its javac process, and javac's phases (ms). */
  record Result(double wall, double cpu, Map<String, Long> phases) {}

  /** The median time of each phase that {@link JavacPhases} reported, per build. */
  private static void printPhases(Map<String, List<Result>> results) {
    long rounds =
        results.values().stream()
            .flatMap(List::stream)
            .mapToLong(r -> r.phases().getOrDefault("rounds", 0L))
            .max()
            .orElse(0);
    List<String> columns =
        new ArrayList<>(List.of("total", "parse", "enter", "annotation_processing"));
    for (int round = 1; round <= rounds; round++) {
      columns.add("round" + round);
    }
    columns.addAll(List.of("analyze", "generate"));
    System.out.println();
    System.out.println(
        "javac's phases, median ms (`annotation_processing` contains the rounds,"
            + " with their parsing and entering; `roundN` is the processors' own time in round N)");
    System.out.println();
    System.out.println("| build | " + String.join(" | ", columns) + " |");
    System.out.println("|---|" + "---:|".repeat(columns.size()));
    for (Map.Entry<String, List<Result>> entry : results.entrySet()) {
      StringBuilder line = new StringBuilder("| ").append(ROWS.get(entry.getKey())).append(" |");
      for (String column : columns) {
        List<Result> reported =
            entry.getValue().stream().filter(r -> r.phases().containsKey(column)).toList();
        line.append(
            reported.isEmpty()
                ? " |"
                : String.format(
                    Locale.ROOT, " %.0f |", median(reported, r -> r.phases().get(column))));
      }
      System.out.println(line);
    }
  }

  /** The options that make {@link PreparedSources} write the sources under {@code sources}. */
  private static List<String> prepared(Path sources) {
    return List.of(
        "-processor",
        PreparedSources.class.getName(),
        "-A" + PreparedSources.OPTION + "=" + sources);
  }

  /** {@code listeners} classes, each with two handlers of two of the shared message types. */
  private static Path writeListeners(Path root, int listeners, String subscribe)
      throws IOException {
    Path dir = Files.createDirectories(root.resolve("bench"));
    for (int m = 0; m < MESSAGE_TYPES; m++) {
      Files.writeString(
          dir.resolve("Message" + m + ".java"),
          "package bench;\n\npublic class Message" + m + " {\n  public int value;\n}\n");
    }
    for (int i = 0; i < listeners; i++) {
      int first = PackageDispatchers.first(i, MESSAGE_TYPES);
      int second = PackageDispatchers.second(i, MESSAGE_TYPES);
      Files.writeString(
          dir.resolve("Listener" + i + ".java"),
          "package bench;\n\n"
              + "import "
              + subscribe
              + ";\n\n"
              + "public class Listener"
              + i
              + " {\n"
              + "  private int seen;\n\n"
              + "  @Subscribe\n"
              + "  public void onFirst(Message"
              + first
              + " message) {\n"
              + "    seen += message.value;\n"
              + "  }\n\n"
              + "  @Subscribe\n"
              + "  public void onSecond(Message"
              + second
              + " message) {\n"
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
      Files.writeString(
          dir.resolve("Empty" + i + ".java"),
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

  /** Builds javac's command lines: the same output directories and options for every build. */
  private static final class Javac {
    private final Path work;
    private final String phasesPlugin;

    /**
     * @param phasesPlugin where {@link JavacPhases} is, to add it; null for none
     */
    Javac(Path work, String phasesPlugin) {
      this.work = work;
      this.phasesPlugin = phasesPlugin;
    }

    List<String> command(List<Path> sourceRoots, String classPath, String processorPath)
        throws IOException {
      return command(sourceRoots, classPath, processorPath, List.of());
    }

    /**
     * @param processorPath null for a build without annotation processing
     */
    List<String> command(
        List<Path> sourceRoots, String classPath, String processorPath, List<String> options)
        throws IOException {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "javac").toString());
      command.addAll(
          List.of(
              "-d",
              work.resolve("out").toString(),
              "-s",
              work.resolve("generated").toString(),
              "-cp",
              classPath,
              "-nowarn"));
      if (processorPath == null) {
        command.add("-proc:none");
      }
      if (phasesPlugin != null) {
        // plugins are found on the processor path, even without annotation processing
        processorPath = processorPath == null ? phasesPlugin : processorPath + ":" + phasesPlugin;
        command.add("-Xplugin:HeraldPhases");
      }
      if (processorPath != null) {
        command.addAll(List.of("-processorpath", processorPath));
      }
      command.addAll(options);
      for (Path sources : sourceRoots) {
        try (Stream<Path> files = Files.walk(sources)) {
          files
              .filter(f -> f.toString().endsWith(".java"))
              .sorted()
              .forEach(f -> command.add(f.toString()));
        }
      }
      return command;
    }
  }

  /**
   * Runs one compilation into an empty output; returns its wall time, the CPU time of the javac
   * process (NaN where {@code /proc} does not say) and the phases it reported, if any.
   *
   * @param inProcess run javac in this JVM (the CPU time is then this thread's)
   */
  private static Result run(List<String> command, Path work, boolean inProcess) throws Exception {
    deleteRecursively(work.resolve("out"));
    deleteRecursively(work.resolve("generated"));
    Files.createDirectories(work.resolve("out"));
    Files.createDirectories(work.resolve("generated"));
    if (inProcess) {
      return runInProcess(command);
    }
    Path errors = work.resolve("javac-errors.txt");
    double cpuBefore = childrenCpuSeconds();
    long start = System.nanoTime();
    Process javac =
        new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.INHERIT)
            .redirectError(errors.toFile())
            .start();
    int exit = javac.waitFor();
    double seconds = (System.nanoTime() - start) / 1e9;
    double cpu = childrenCpuSeconds() - cpuBefore;
    Map<String, Long> phases = new HashMap<>();
    List<String> otherLines = new ArrayList<>();
    for (String line : Files.readAllLines(errors)) {
      if (line.startsWith(JavacPhases.PREFIX + " ")) {
        for (String field : line.substring(JavacPhases.PREFIX.length() + 1).split(" ")) {
          String[] pair = field.split("=");
          phases.put(pair[0], Long.parseLong(pair[1]));
        }
      } else {
        otherLines.add(line);
      }
    }
    if (exit != 0) {
      otherLines.forEach(System.err::println);
      throw new IllegalStateException("javac failed (" + exit + "): " + command.subList(0, 8));
    }
    return new Result(seconds, cpu, phases);
  }

  private static Result runInProcess(List<String> command) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    long cpuBefore = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    boolean ok =
        ToolProvider.getSystemJavaCompiler()
                .run(null, null, errors, command.subList(1, command.size()).toArray(new String[0]))
            == 0;
    double seconds = (System.nanoTime() - start) / 1e9;
    double cpu = (threads.getCurrentThreadCpuTime() - cpuBefore) / 1e9;
    if (!ok) {
      System.err.print(errors.toString(StandardCharsets.UTF_8));
      throw new IllegalStateException("javac failed: " + command.subList(0, 8));
    }
    return new Result(seconds, cpu, Map.of());
  }

  /**
   * The user and system CPU time of this process's children that have ended and been waited for
   * (Linux's {@code /proc/self/stat}, in clock ticks of 1/100 s), or NaN.
   */
  private static double childrenCpuSeconds() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // the fields after the command name, which is in parentheses: state is field 3
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
      return (Long.parseLong(fields[16 - 3]) + Long.parseLong(fields[17 - 3])) / 100.0;
    } catch (IOException | RuntimeException notLinux) {
      return Double.NaN;
    }
  }

  /** What {@code /proc/loadavg} says of the last 1, 5 and 15 minutes, or "unknown". */
  private static String loadAverages() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return fields[0] + ", " + fields[1] + ", " + fields[2];
    } catch (IOException | RuntimeException notLinux) {
      return "unknown";
    }
  }

  private static <T> double median(List<T> results, ToDoubleFunction<T> value) {
    List<Double> sorted = new ArrayList<>();
    results.forEach(result -> sorted.add(value.applyAsDouble(result)));
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
