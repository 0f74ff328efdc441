package dev.herald.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One measured figure from JMH's JSON: a scenario (the benchmark class), its parameters, the bus
 * (the benchmark method; in a thread group, the method's name less its role), the role in a group
 * ({@code Post} or {@code Register} of a churn group, otherwise empty), the score, and the bytes
 * allocated per operation from {@code -prof gc}.
 */
record Result(
    String scenario,
    String params,
    String bus,
    String role,
    double score,
    double error,
    String unit,
    double bytesPerOp) {

  /** Reads every result of a JMH JSON file. */
  @SuppressWarnings("unchecked")
  static List<Result> read(Path file) throws IOException {
    Object parsed = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
    List<Result> results = new ArrayList<>();
    for (Object entry : (List<Object>) parsed) {
      Map<String, Object> run = (Map<String, Object>) entry;
      String benchmark = (String) run.get("benchmark");
      String[] parts = benchmark.split("\\.");
      String scenario = parts[parts.length - 2].replace("Benchmark", "");
      String method = parts[parts.length - 1];
      String params = params((Map<String, Object>) run.get("params"));
      Map<String, Object> primary = (Map<String, Object>) run.get("primaryMetric");
      Map<String, Object> secondary =
          (Map<String, Object>) run.getOrDefault("secondaryMetrics", Map.of());
      double bytes = bytes(secondary.get("gc.alloc.rate.norm"));
      List<String> groupMembers = new ArrayList<>();
      for (String key : secondary.keySet()) {
        if (key.startsWith(method) && !key.equals(method) && !key.contains(".")) {
          groupMembers.add(key);
        }
      }
      if (groupMembers.isEmpty()) {
        results.add(
            new Result(
                scenario,
                params,
                method,
                "",
                Json.number(primary.get("score")),
                Json.number(primary.get("scoreError")),
                (String) primary.get("scoreUnit"),
                bytes));
        continue;
      }
      // A thread group (contention with churn): one row per member; B/op is the group's.
      String busName = method.substring(0, method.length() - "Churn".length());
      for (String member : groupMembers) {
        Map<String, Object> metric = (Map<String, Object>) secondary.get(member);
        results.add(
            new Result(
                scenario,
                params,
                busName,
                member.substring(busName.length()),
                Json.number(metric.get("score")),
                Json.number(metric.get("scoreError")),
                (String) metric.get("scoreUnit"),
                bytes));
      }
    }
    return results;
  }

  private static String params(Map<String, Object> params) {
    if (params == null || params.isEmpty()) {
      return "";
    }
    StringJoiner joined = new StringJoiner(", ");
    params.forEach((name, value) -> joined.add(name + "=" + value));
    return joined.toString();
  }

  @SuppressWarnings("unchecked")
  private static double bytes(Object metric) {
    if (metric == null) {
      return Double.NaN;
    }
    return Json.number(((Map<String, Object>) metric).get("score"));
  }
}
