#!/usr/bin/env bash
# Runs every benchmark scenario and writes what benchmarks/RESULTS.md is made from:
#
#   benchmarks/run.sh           the full run (about 15 minutes)
#   benchmarks/run.sh --short   a short run (about 7 minutes): noisier, for a quick look
#   JAVA=/path/to/jdk-25/bin/java benchmarks/run.sh
#                               the same on another JVM (the jar is built by the JDK that
#                               runs Maven; the benchmarks and cold starts run on $JAVA)
#   NAME=results-jdk25 ...      writes benchmarks/results-jdk25.json, -table.md, .png, and
#                               coldstart-jdk25.md instead of the default names
#
# Outputs, in benchmarks/: results.json (JMH), results-table.md (ResultsTable: every figure
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

# Full run: 1 fork, 3 warm-up and 5 measured iterations of 1 s per benchmark.
jmh_options=(-f 1 -wi 3 -w 1s -i 5 -r 1s)
coldstart_runs=30
if [[ "${1:-}" == "--short" ]]; then
  shift
  jmh_options=(-f 1 -wi 1 -w 1s -i 2 -r 1s)
  coldstart_runs=10
fi

mvn -B -ntp -q package -DskipTests
jar=benchmarks/target/benchmarks.jar
"$java" -jar "$jar" "${jmh_options[@]}" -prof gc -rf json -rff "benchmarks/$name.json" "$@"
java -cp "$jar" dev.herald.benchmarks.report.ResultsTable "benchmarks/$name.json" \
  > "benchmarks/$name-table.md"
java -cp "$jar" dev.herald.benchmarks.report.FanOutChart "benchmarks/$name.json" \
  "benchmarks/fanout$suffix.png"
benchmarks/coldstart.sh "$coldstart_runs" | tee "benchmarks/coldstart$suffix.md"
echo "Wrote benchmarks/$name.json, $name-table.md, fanout$suffix.png, coldstart$suffix.md"
