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
 * greenrobotProcessorPath benchmarkClasses [--rows=key,key...] [--phases] [--warm=N]
 * [--baseline=processorPath]}; the keys are those of {@link #ROWS}, and plain javac is always
 * built. {@code listeners} may be a comma-separated list of counts ({@code 1000,5000,10000}): each
 * count is measured in turn, with its own table, and a last table gives how the ratios and the time
 * per listener grow; {@code runs} is then one number for all, or one per count (fewer for the large
 * ones). {@code --baseline} adds a row built with another Herald processor (an earlier commit's
 * jar), so that a change is measured against it in the same turns. The builds write into {@code
 * java.io.tmpdir}.
 */
public final class ProcessorCost {
  private static final int MESSAGE_TYPES = 20;

  /** Every build, by key, in the order of the table. */
  static final Map<String, String> ROWS = new LinkedHashMap<>();

  static {
    ROWS.put("plain", "plain javac");
    ROWS.put("herald", "Herald's processor");
    ROWS.put("herald-baseline", "Herald's processor, baseline (`--baseline`)");
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
    List<Integer> counts = numbers(args[1]);
    List<Integer> runsPerCount = numbers(args[0]);
    if (runsPerCount.size() != 1 && runsPerCount.size() != counts.size()) {
      throw new IllegalArgumentException(
          "give one number of runs, or one per count of listeners: " + args[0]);
    }
    String heraldClassPath = args[2];
    String heraldProcessorPath = args[3];
    String greenrobotClassPath = args[4];
    String greenrobotProcessorPath = args[5];
    String benchmarkClasses = args[6];
    Set<String> rows = new LinkedHashSet<>(ROWS.keySet());
    rows.remove("herald-baseline");
    boolean phases = false;
    int warm = 0; // unmeasured in-process turns; 0: each build is a fresh javac process
    String baselineProcessorPath = null;
    for (String option : Arrays.asList(args).subList(7, args.length)) {
      if (option.startsWith("--rows=")) {
        rows = new LinkedHashSet<>(List.of("plain"));
        rows.addAll(Arrays.asList(option.substring("--rows=".length()).split(",")));
      } else if (option.equals("--phases")) {
        phases = true;
      } else if (option.startsWith("--warm=")) {
        warm = Integer.parseInt(option.substring("--warm=".length()));
      } else if (option.startsWith("--baseline=")) {
        baselineProcessorPath = option.substring("--baseline=".length());
      } else {
        throw new IllegalArgumentException("unknown option " + option);
      }
    }
    if (baselineProcessorPath != null) {
      rows.add("herald-baseline");
    } else if (rows.contains("herald-baseline")) {
      throw new IllegalArgumentException("the row herald-baseline needs --baseline=");
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
    List<String> growth = new ArrayList<>();
    List<String> cpuGrowth = new ArrayList<>();
    double[] firstPerListener = {Double.NaN, Double.NaN}; // wall, CPU
    for (int c = 0; c < counts.size(); c++) {
      int listeners = counts.get(c);
      int runs = runsPerCount.get(runsPerCount.size() == 1 ? 0 : c);
      Map<String, List<Result>> results =
          measure(
              work.resolve("n" + listeners),
              javac,
              rows,
              listeners,
              runs,
              // the unmeasured turn warms the disk cache and javac's jars: once is enough
              c == 0 ? Math.max(1, warm) : warm,
              warm > 0,
              heraldClassPath,
              heraldProcessorPath,
              baselineProcessorPath,
              greenrobotClassPath,
              greenrobotProcessorPath,
              benchmarkClasses);
      if (phases) {
        printPhases(results);
        System.out.println();
      }
      if (c == 0) {
        firstPerListener[0] = perListener(results, "herald", listeners, Result::wall);
        firstPerListener[1] = perListener(results, "herald", listeners, Result::cpu);
      }
      growth.add(growthRow(results, listeners, runs, Result::wall, firstPerListener[0]));
      cpuGrowth.add(growthRow(results, listeners, runs, Result::cpu, firstPerListener[1]));
      deleteRecursively(work.resolve("n" + listeners));
    }
    if (counts.size() > 1) {
      printGrowth("wall time", growth);
      printGrowth("CPU time of the javac process", cpuGrowth);
    }
    deleteRecursively(work);
  }

  /** Builds every row for one count of listeners, in turn, and prints their table. */
  private static Map<String, List<Result>> measure(
      Path work,
      Javac javac,
      Set<String> rows,
      int listeners,
      int runs,
      int unmeasured,
      boolean inProcess,
      String heraldClassPath,
      String heraldProcessorPath,
      String baselineProcessorPath,
      String greenrobotClassPath,
      String greenrobotProcessorPath,
      String benchmarkClasses)
      throws Exception {
    Files.createDirectories(work);
    Path heraldSources =
        writeListeners(work.resolve("herald-src"), listeners, "dev.herald.annotation.Subscribe");
    Path greenrobotSources =
        writeListeners(
            work.resolve("greenrobot-src"), listeners, "org.greenrobot.eventbus.Subscribe");
    Path dispatchers = work.resolve("dispatcher-src");
    if (rows.contains("dispatchers-as-sources") || rows.contains("prepared-dispatchers")) {
      // the dispatchers Herald writes, to compile without Herald's processor
      run(
          javac.command(List.of(heraldSources), heraldClassPath, heraldProcessorPath),
          javac.work,
          false);
      copyGenerated(javac.work.resolve("generated"), dispatchers);
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
        case "herald-baseline" -> processorPath = baselineProcessorPath;
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
    // a build that fails (greenrobot's index of many listeners is a method too large) is
    // reported as such and left out of the later turns
    Map<String, String> failures = new LinkedHashMap<>();
    // unmeasured turns: the disk cache and javac's jars; in process, javac's JIT too
    for (int i = 0; i < unmeasured + runs; i++) {
      for (String row : List.copyOf(builds.keySet())) {
        try {
          Result result = run(builds.get(row), javac.work, inProcess);
          if (i >= unmeasured) {
            results.get(row).add(result);
          }
        } catch (IllegalStateException failed) {
          if (row.equals("plain")) {
            throw failed;
          }
          failures.put(row, failed.getMessage());
          builds.remove(row);
          results.remove(row);
        }
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
        inProcess
            ? "javac in process after " + unmeasured + " unmeasured turns"
            : "javac processes",
        javac.work.getParent(),
        loadBefore,
        loadAfter);
    double plainWall = median(results.get("plain"), Result::wall);
    double plainCpu = median(results.get("plain"), Result::cpu);
    System.out.println(
        "| build | median s | min s | max s | ratio to plain javac"
            + " | CPU s (median) | CPU ratio | ms per listener |");
    System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (Map.Entry<String, List<Result>> entry : results.entrySet()) {
      List<Result> times = entry.getValue();
      double wall = median(times, Result::wall);
      double cpu = median(times, Result::cpu);
      System.out.printf(
          Locale.ROOT,
          "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
          ROWS.get(entry.getKey()),
          wall,
          times.stream().mapToDouble(Result::wall).min().orElseThrow(),
          times.stream().mapToDouble(Result::wall).max().orElseThrow(),
          wall / plainWall,
          cpu,
          cpu / plainCpu,
          1000 * wall / listeners);
    }
    for (Map.Entry<String, String> failure : failures.entrySet()) {
      System.out.printf(
          "| %s | fails: %s | | | | | | |%n", ROWS.get(failure.getKey()), failure.getValue());
    }
    System.out.println();
    return results;
  }

  private static void printGrowth(String what, List<String> rows) {
    System.out.println(
        "Growth, median "
            + what
            + ": ratios to plain javac of the same count; floor = the do-nothing processor"
            + " writing as many empty classes; baseline = `--baseline`; ms per listener = Herald's"
            + " build ÷ listeners, and that ÷ the first count's");
    System.out.println();
    System.out.println(
        "| listeners | runs | plain javac s | Herald ÷ plain | floor ÷ plain"
            + " | greenrobot ÷ plain | baseline ÷ plain | Herald ÷ floor | baseline ÷ floor"
            + " | Herald ms per listener | per listener ÷ first |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    rows.forEach(System.out::println);
    System.out.println();
  }

  private static String growthRow(
      Map<String, List<Result>> results,
      int listeners,
      int runs,
      ToDoubleFunction<Result> time,
      double firstPerListener) {
    double plain = median(results.get("plain"), time);
    double floor = ratio(results, "prepared-empty", plain, time);
    double perListener = perListener(results, "herald", listeners, time);
    return String.format(
        Locale.ROOT,
        "| %,d | %d | %.2f | %s | %s | %s | %s | %s | %s | %s | %s |",
        listeners,
        runs,
        plain,
        cell(ratio(results, "herald", plain, time)),
        cell(floor),
        cell(ratio(results, "greenrobot", plain, time)),
        cell(ratio(results, "herald-baseline", plain, time)),
        cell(ratio(results, "herald", plain, time) / floor),
        cell(ratio(results, "herald-baseline", plain, time) / floor),
        cell(perListener),
        cell(perListener / firstPerListener));
  }

  /** A row's median time in ms per listener; NaN if the row was not built. */
  private static double perListener(
      Map<String, List<Result>> results, String row, int listeners, ToDoubleFunction<Result> time) {
    return results.containsKey(row)
        ? 1000 * median(results.get(row), time) / listeners
        : Double.NaN;
  }

  /** A row's median time over {@code plain}'s; NaN if the row was not built. */
  private static double ratio(
      Map<String, List<Result>> results, String row, double plain, ToDoubleFunction<Result> time) {
    return results.containsKey(row) ? median(results.get(row), time) / plain : Double.NaN;
  }

  private static String cell(double value) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.2f", value);
  }

  /** {@code "1000,5000"}: the numbers of a comma-separated list. */
  private static List<Integer> numbers(String list) {
    List<Integer> numbers = new ArrayList<>();
    for (String number : list.split(",")) {
      numbers.add(Integer.parseInt(number.trim()));
    }
    return numbers;
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
    final Path work;
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
      throw new IllegalStateException(
          "javac failed ("
              + exit
              + "): "
              + otherLines.stream()
                  .filter(line -> line.contains("error:"))
                  .map(line -> line.substring(line.indexOf("error:")))
                  .findFirst()
                  .orElse(String.valueOf(command.subList(0, 8))));
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
