package dev.herald.benchmarks.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints JMH's JSON results as Markdown tables, from which {@code docs/performance.md} quotes: per
 * scenario and parameter set, every bus with ns/op, its error, B/op and its ratio to Herald's time;
 * the game stack's tables ({@link GameStackTable}); then the targets Herald set itself, computed
 * from the same figures.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.herald.benchmarks.report.ResultsTable results.json
 * </pre>
 */
public final class ResultsTable {
  /** Row order: baselines, Herald, then the peers. */
  private static final List<String> ORDER =
      List.of(
          "directCall",
          "handLoop",
          "herald",
          "signal",
          "guava",
          "greenrobot",
          "greenrobotNoInheritance",
          "mbassador",
          "otto",
          "rxjava");

  private static final List<String> SCENARIOS =
      List.of("FanOut", "TypeRouting", "Register", "Contention", "Signal");

  private static final String HEAD = "| target | measured | met |\n|---|---:|:---:|\n";

  private final List<Result> results;

  private ResultsTable(List<Result> results) {
    this.results = new ArrayList<>();
    for (Result result : results) {
      // The direct call is the baseline of the one-subscriber fan-out.
      this.results.add(
          result.scenario().equals("DirectCall")
              ? new Result(
                  "FanOut",
                  "subscribers=1",
                  result.bus(),
                  "",
                  result.score(),
                  result.error(),
                  result.unit(),
                  result.bytesPerOp())
              : result);
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: ResultsTable results.json");
      System.exit(2);
    }
    List<Result> results = Result.read(Path.of(args[0]));
    ResultsTable table = new ResultsTable(results);
    GameStackTable gameStack = new GameStackTable(results);
    System.out.print(table.tables());
    System.out.print(gameStack.tables());
    System.out.print(table.hasGeneralResults() ? table.targets() : "\n### Targets\n\n" + HEAD);
    System.out.print(gameStack.targets());
  }

  private String tables() {
    Map<String, List<Result>> groups = new LinkedHashMap<>();
    for (Result result : results) {
      if (GameStackTable.isGameStack(result)) {
        continue; // in GameStackTable's tables, one row per parameter set
      }
      groups
          .computeIfAbsent(
              result.scenario() + " " + result.params() + " " + result.role(),
              k -> new ArrayList<>())
          .add(result);
    }
    List<List<Result>> ordered = new ArrayList<>(groups.values());
    ordered.sort(ResultsTable::compareGroups);
    StringBuilder out = new StringBuilder();
    for (List<Result> group : ordered) {
      group.sort((a, b) -> Integer.compare(rank(a.bus()), rank(b.bus())));
      Result first = group.get(0);
      out.append("\n#### ").append(title(first)).append("\n\n");
      out.append("| bus | ").append(first.unit()).append(" | ± error | B/op | × Herald's time |\n");
      out.append("|---|---:|---:|---:|---:|\n");
      Result herald = reference(group);
      for (Result result : group) {
        out.append("| ")
            .append(result == herald ? "**" + result.bus() + "**" : result.bus())
            .append(" | ")
            .append(ns(result.score()))
            .append(" | ")
            .append(ns(result.error()))
            .append(" | ")
            .append(bytes(result.bytesPerOp()))
            .append(" | ")
            .append(herald == null ? "" : ratio(result.score() / herald.score()))
            .append(" |\n");
      }
    }
    return out.toString();
  }

  /** Whether anything beside the game stack was measured: else its targets are left out. */
  private boolean hasGeneralResults() {
    for (Result result : results) {
      if (!GameStackTable.isGameStack(result)) {
        return true;
      }
    }
    return false;
  }

  private String targets() {
    StringBuilder out = new StringBuilder("\n### Targets\n\n").append(HEAD);
    Result herald1 = find("FanOut", "subscribers=1", "herald", "");
    Result direct = find("FanOut", "subscribers=1", "directCall", "");
    target(
        out, "1 subscriber: Herald ≤ 2.5× the direct interface call", herald1, direct, 2.5, true);
    target(
        out,
        "1 subscriber: greenrobot ≥ 10× Herald",
        find("FanOut", "subscribers=1", "greenrobot", ""),
        herald1,
        10,
        false);
    target(
        out,
        "1 subscriber: Guava ≥ 20× Herald",
        find("FanOut", "subscribers=1", "guava", ""),
        herald1,
        20,
        false);
    target(
        out,
        "1 subscriber: MBassador ≥ 20× Herald",
        find("FanOut", "subscribers=1", "mbassador", ""),
        herald1,
        20,
        false);
    target(
        out,
        "1 subscriber: RxJava's PublishSubject no faster than Herald",
        find("FanOut", "subscribers=1", "rxjava", ""),
        herald1,
        1,
        false);
    target(
        out,
        "10 subscribers: Herald ≤ 1.25× the hand-written loop",
        find("FanOut", "subscribers=10", "herald", ""),
        find("FanOut", "subscribers=10", "handLoop", ""),
        1.25,
        true);
    target(
        out,
        "10 subscribers: RxJava's PublishSubject no faster than Herald",
        find("FanOut", "subscribers=10", "rxjava", ""),
        find("FanOut", "subscribers=10", "herald", ""),
        1,
        false);
    double worst = 0;
    String where = "";
    for (Result result : results) {
      if (isPostPath(result) && result.bytesPerOp() > worst) {
        worst = result.bytesPerOp();
        where = " (" + title(result) + ")";
      }
    }
    out.append("| 0 B allocated on every post path (largest figure) | ")
        .append(bytes(worst))
        .append(" B/op")
        .append(worst >= 0.5 ? where : "")
        .append(" | ")
        .append(worst < 0.5 ? "yes" : "**no**")
        .append(" |\n");
    Result register = find("Register", "handlers=1", "herald", "");
    if (register != null) {
      out.append("| register + unregister, 1 handler ≤ 100 ns | ")
          .append(ns(register.score()))
          .append(" ns | ")
          .append(register.score() <= 100 ? "yes" : "**no**")
          .append(" |\n");
    }
    out.append("| cold start no slower than the fastest peer | see the cold-start table | |\n");
    return out.toString();
  }

  /**
   * Whether {@code result} measures a post on one of Herald's post paths: a plain post (fan-out,
   * type routing, two threads posting), with a header, to an address, or a request nobody answers.
   */
  private static boolean isPostPath(Result result) {
    switch (result.scenario()) {
      case "PostPaths":
      case "AddressedSend":
        return true;
      case "FanOut":
      case "TypeRouting":
      case "Contention":
        return result.bus().equals("herald") && result.role().isEmpty();
      default:
        return false;
    }
  }

  static void target(
      StringBuilder out, String name, Result a, Result b, double bound, boolean atMost) {
    if (a == null || b == null) {
      out.append("| ").append(name).append(" | not measured | |\n");
      return;
    }
    double ratio = a.score() / b.score();
    boolean met = atMost ? ratio <= bound : ratio >= bound;
    out.append("| ")
        .append(name)
        .append(" | ")
        .append(ratio(ratio))
        .append(" | ")
        .append(met ? "yes" : "**no**")
        .append(" |\n");
  }

  private Result find(String scenario, String params, String bus, String role) {
    for (Result result : results) {
      if (result.scenario().equals(scenario)
          && result.params().equals(params)
          && result.bus().equals(bus)
          && result.role().equals(role)) {
        return result;
      }
    }
    return null;
  }

  /** Scenarios in the order of {@code SCENARIOS}, then parameters by number, then the role. */
  private static int compareGroups(List<Result> a, List<Result> b) {
    Result x = a.get(0);
    Result y = b.get(0);
    int byScenario = Integer.compare(scenarioRank(x.scenario()), scenarioRank(y.scenario()));
    if (byScenario != 0) {
      return byScenario;
    }
    int byParams = Long.compare(number(x.params()), number(y.params()));
    if (byParams != 0) {
      return byParams;
    }
    return x.role().compareTo(y.role());
  }

  private static int scenarioRank(String scenario) {
    int rank = SCENARIOS.indexOf(scenario);
    return rank < 0 ? SCENARIOS.size() : rank;
  }

  private static long number(String params) {
    String digits = params.replaceAll("[^0-9]", "");
    return digits.isEmpty() ? Long.MAX_VALUE : Long.parseLong(digits);
  }

  private static Result reference(List<Result> group) {
    for (Result result : group) {
      if (result.bus().equals("herald") || result.bus().equals("signal")) {
        return result;
      }
    }
    return null;
  }

  private static String title(Result result) {
    String title = result.scenario();
    if (!result.role().isEmpty()) {
      title += " — " + result.role().replace("Churn", "churn: ");
    }
    return result.params().isEmpty() ? title : title + " (" + result.params() + ")";
  }

  private static int rank(String bus) {
    int rank = ORDER.indexOf(bus);
    return rank < 0 ? ORDER.size() : rank;
  }

  static String ns(double value) {
    if (Double.isNaN(value)) {
      return "–";
    }
    if (value < 10) {
      return String.format(Locale.ROOT, "%.2f", value);
    }
    if (value < 100) {
      return String.format(Locale.ROOT, "%.1f", value);
    }
    return String.format(Locale.ROOT, "%,.0f", value);
  }

  static String bytes(double value) {
    if (Double.isNaN(value)) {
      return "–";
    }
    return value < 0.5 ? "0" : String.format(Locale.ROOT, "%,.0f", value);
  }

  static String ratio(double value) {
    return String.format(Locale.ROOT, value < 10 ? "%.2f×" : "%.0f×", value);
  }
}
