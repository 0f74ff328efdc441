#!/usr/bin/env bash
# Runs every benchmark scenario and writes what docs/performance.md is made from:
#
#   benchmarks/run.sh           the full run (about 25 minutes)
#   benchmarks/run.sh --short   a short run (about 11 minutes): noisier, for a quick look
#   JAVA=/path/to/jdk-25/bin/java benchmarks/run.sh
#                               the same on another JVM (the jar is built by the JDK that
#                               runs Maven; the benchmarks and cold starts run on $JAVA)
#   NAME=results-jdk25 ...      writes results-jdk25.json, -table.md, fanout-jdk25.png and
#                               coldstart-jdk25.md instead of the default names
#
# Outputs, in benchmarks/target/results/ (docs/performance.md quotes them; docs/images/fanout.png
# is the chart copied there): results.json (JMH), results-table.md (ResultsTable: every figure
# with its ratio to Herald, and the targets), fanout.png (FanOutChart), coldstart.md
# (coldstart.sh). Extra arguments go to JMH, e.g. a regexp to run only some benchmarks:
#   benchmarks/run.sh --short FanOut
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
java="${JAVA:-java}"
export JAVA="$java"
name="${NAME:-results}"
suffix="${name#results}"
out=benchmarks/target/results

# Full run: 1 fork, 3 warm-up and 5 measured iterations of 1 s per benchmark.
jmh_options=(-f 1 -wi 3 -w 1s -i 5 -r 1s)
coldstart_runs=30
if [[ "${1:-}" == "--short" ]]; then
  shift
  jmh_options=(-f 1 -wi 1 -w 1s -i 2 -r 1s)
  coldstart_runs=10
fi

mvn -B -ntp -q package -DskipTests
mkdir -p "$out"
jar=benchmarks/target/benchmarks.jar
"$java" -jar "$jar" "${jmh_options[@]}" -prof gc -rf json -rff "$out/$name.json" "$@"
java -cp "$jar" dev.herald.benchmarks.report.ResultsTable "$out/$name.json" \
  > "$out/$name-table.md"
java -cp "$jar" dev.herald.benchmarks.report.FanOutChart "$out/$name.json" \
  "$out/fanout$suffix.png"
benchmarks/coldstart.sh "$coldstart_runs" | tee "$out/coldstart$suffix.md"
echo "Wrote $out/$name.json, $name-table.md, fanout$suffix.png, coldstart$suffix.md"
