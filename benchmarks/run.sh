#!/usr/bin/env bash
# Runs every benchmark scenario and writes what benchmarks/RESULTS.md is made from:
#
#   benchmarks/run.sh           the full run (about 15 minutes)
#   benchmarks/run.sh --short   a short run (about 7 minutes): noisier, for a quick look
#
# Outputs, in benchmarks/: results.json (JMH), results-table.md (ResultsTable: every figure
# with its ratio to Herald, and the targets), fanout.png (FanOutChart), coldstart.md
# (coldstart.sh). Extra arguments go to JMH, e.g. a regexp to run only some benchmarks:
#   benchmarks/run.sh --short FanOut
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."

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
java -jar "$jar" "${jmh_options[@]}" -prof gc -rf json -rff benchmarks/results.json "$@"
java -cp "$jar" dev.herald.benchmarks.report.ResultsTable benchmarks/results.json \
  > benchmarks/results-table.md
java -cp "$jar" dev.herald.benchmarks.report.FanOutChart benchmarks/results.json \
  benchmarks/fanout.png
benchmarks/coldstart.sh "$coldstart_runs" | tee benchmarks/coldstart.md
echo "Wrote benchmarks/results.json, results-table.md, fanout.png, coldstart.md"
