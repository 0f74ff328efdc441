package dev.herald.benchmarks.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The game-stack section of {@code docs/performance.md}, from JMH's JSON: one table of ns per post
 * and one of bytes per post for {@code GameStackBenchmark} (a row per receiver count and class mix,
 * a column per contestant, and which of artemis-odb's strategies was fastest), one for {@code
 * DelayedMessagesBenchmark}, and the rows of the game stack's targets.
 */
final class GameStackTable {
  private static final String FAN_OUT = "GameStack";
  private static final String DELAYED = "DelayedMessages";

  private static final List<String> CONTESTANTS =
      List.of(
          "handLoop",
          "herald",
          "ashley",
          "gdxAi",
          "artemisFast",
          "artemisPolling",
          "artemisPollingPooled",
          "artemisBasic");

  private static final Map<String, String> NAMES =
      Map.ofEntries(
          Map.entry("handLoop", "hand-written loop"),
          Map.entry("herald", "Herald"),
          Map.entry("ashley", "Ashley `Signal`"),
          Map.entry("gdxAi", "gdx-ai"),
          Map.entry("artemisFast", "artemis fast"),
          Map.entry("artemisPolling", "artemis polling"),
          Map.entry("artemisPollingPooled", "artemis polling pooled"),
          Map.entry("artemisBasic", "artemis basic"),
          Map.entry("heraldHeaderPerMessage", "Herald, a header built per message"),
          Map.entry("heraldFrames", "Herald, delays in frames"));

  private static final List<String> DELAYED_ORDER =
      List.of("gdxAi", "herald", "heraldHeaderPerMessage", "heraldFrames");

  private final List<Result> results;

  GameStackTable(List<Result> results) {
    this.results = results;
  }

  /** Whether {@code result} belongs to the game stack's tables rather than the general ones. */
  static boolean isGameStack(Result result) {
    return result.scenario().equals(FAN_OUT) || result.scenario().equals(DELAYED);
  }

  /** The tables, or nothing if the results hold no game-stack scenario. */
  String tables() {
    StringBuilder out = new StringBuilder();
    List<int[]> rows = fanOutRows();
    if (!rows.isEmpty()) {
      out.append("\n### The game stack: one message to every receiver\n\n");
      out.append(
          "ns per post ± error; classes 1: every receiver of one class, 3: three classes.\n");
      out.append(header("receivers | classes", CONTESTANTS, "fastest artemis-odb strategy"));
      for (int[] row : rows) {
        out.append("| ").append(row[0]).append(" | ").append(row[1]);
        for (String bus : CONTESTANTS) {
          Result result = fanOut(bus, row[0], row[1]);
          out.append(" | ")
              .append(
                  result == null
                      ? "–"
                      : ResultsTable.ns(result.score()) + " ± " + ResultsTable.ns(result.error()));
        }
        Result fastest = fastestArtemis(row[0], row[1]);
        out.append(" | ").append(fastest == null ? "–" : NAMES.get(fastest.bus())).append(" |\n");
      }
      out.append("\nBytes allocated per post:\n");
      out.append(header("receivers | classes", CONTESTANTS, null));
      for (int[] row : rows) {
        out.append("| ").append(row[0]).append(" | ").append(row[1]);
        for (String bus : CONTESTANTS) {
          Result result = fanOut(bus, row[0], row[1]);
          out.append(" | ").append(result == null ? "–" : ResultsTable.bytes(result.bytesPerOp()));
        }
        out.append(" |\n");
      }
    }
    if (delayed("herald") != null || delayed("gdxAi") != null) {
      out.append("\n### The game stack: 10,000 delayed messages over 2 s at 60 fps\n\n");
      out.append("| | ns per message | ± error | B per message | × Herald's time |\n");
      out.append("|---|---:|---:|---:|---:|\n");
      Result herald = delayed("herald");
      for (String bus : DELAYED_ORDER) {
        Result result = delayed(bus);
        if (result == null) {
          continue;
        }
        out.append("| ")
            .append(NAMES.get(bus))
            .append(" | ")
            .append(ResultsTable.ns(result.score()))
            .append(" | ")
            .append(ResultsTable.ns(result.error()))
            .append(" | ")
            .append(ResultsTable.bytes(result.bytesPerOp()))
            .append(" | ")
            .append(herald == null ? "" : ResultsTable.ratio(result.score() / herald.score()))
            .append(" |\n");
      }
    }
    return out.toString();
  }

  /** The game stack's rows of the targets table, or nothing if it was not measured. */
  String targets() {
    if (fanOutRows().isEmpty() && delayed("herald") == null) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    ResultsTable.target(
        out,
        "Game stack, 10 receivers of one class: Herald ≤ 1.3× the hand-written loop",
        fanOut("herald", 10, 1),
        fanOut("handLoop", 10, 1),
        1.3,
        true);
    for (int receivers : new int[] {1, 10}) {
      for (int classes : new int[] {1, 3}) {
        String where =
            "Game stack, "
                + receivers
                + (receivers == 1 ? " receiver" : " receivers")
                + (classes == 1 ? " of one class" : " of three classes");
        Result herald = fanOut("herald", receivers, classes);
        ResultsTable.target(
            out,
            where + ": gdx-ai ≥ " + (receivers == 1 ? "3" : "2") + "× Herald",
            fanOut("gdxAi", receivers, classes),
            herald,
            receivers == 1 ? 3 : 2,
            false);
        Result artemis = fastestArtemis(receivers, classes);
        ResultsTable.target(
            out,
            where
                + ": artemis-odb's fastest strategy"
                + (artemis == null ? "" : " (" + NAMES.get(artemis.bus()) + ")")
                + " ≥ "
                + (receivers == 1 ? "2.5" : "5")
                + "× Herald",
            artemis,
            herald,
            receivers == 1 ? 2.5 : 5,
            false);
      }
    }
    Result herald = delayed("herald");
    ResultsTable.target(
        out,
        "Delayed messages: gdx-ai ≥ 3× Herald per message (headers prepared)",
        delayed("gdxAi"),
        herald,
        3,
        false);
    ResultsTable.target(
        out,
        "Delayed messages: gdx-ai ≥ 3× Herald per message (a header built per message)",
        delayed("gdxAi"),
        delayed("heraldHeaderPerMessage"),
        3,
        false);
    for (String bus : List.of("herald", "heraldFrames")) {
      Result result = delayed(bus);
      if (result != null) {
        boolean met = result.bytesPerOp() < 0.5;
        out.append("| Delayed messages, ")
            .append(NAMES.get(bus))
            .append(": 0 B per message | ")
            .append(ResultsTable.bytes(result.bytesPerOp()))
            .append(" B | ")
            .append(met ? "yes" : "**no**")
            .append(" |\n");
      }
    }
    return out.toString();
  }

  private static String header(String first, List<String> buses, String last) {
    StringBuilder line = new StringBuilder("\n| ").append(first);
    StringBuilder rule = new StringBuilder("|---|---");
    for (String bus : buses) {
      line.append(" | ").append(NAMES.get(bus));
      rule.append("|---:");
    }
    if (last != null) {
      line.append(" | ").append(last);
      rule.append("|---");
    }
    return line.append(" |\n").append(rule).append("|\n").toString();
  }

  /** Each measured (receivers, classes) pair, by receivers then classes. */
  private List<int[]> fanOutRows() {
    List<int[]> rows = new ArrayList<>();
    for (Result result : results) {
      if (!result.scenario().equals(FAN_OUT)) {
        continue;
      }
      int[] row = {param(result, "receivers"), param(result, "classes")};
      if (rows.stream().noneMatch(seen -> Arrays.equals(seen, row))) {
        rows.add(row);
      }
    }
    rows.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
    return rows;
  }

  private Result fastestArtemis(int receivers, int classes) {
    Result fastest = null;
    for (String bus : CONTESTANTS) {
      Result result = fanOut(bus, receivers, classes);
      if (bus.startsWith("artemis")
          && result != null
          && (fastest == null || result.score() < fastest.score())) {
        fastest = result;
      }
    }
    return fastest;
  }

  private Result fanOut(String bus, int receivers, int classes) {
    for (Result result : results) {
      if (result.scenario().equals(FAN_OUT)
          && result.bus().equals(bus)
          && param(result, "receivers") == receivers
          && param(result, "classes") == classes) {
        return result;
      }
    }
    return null;
  }

  private Result delayed(String bus) {
    for (Result result : results) {
      if (result.scenario().equals(DELAYED) && result.bus().equals(bus)) {
        return result;
      }
    }
    return null;
  }

  /** The value of parameter {@code name} in a result's "a=1, b=2" parameters; -1 if absent. */
  private static int param(Result result, String name) {
    for (String pair : result.params().split(", ")) {
      if (pair.startsWith(name + "=")) {
        return Integer.parseInt(pair.substring(name.length() + 1));
      }
    }
    return -1;
  }
}
