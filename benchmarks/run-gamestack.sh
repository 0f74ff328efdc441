#!/usr/bin/env bash
# Runs the game-stack scenarios alone (GameStackBenchmark, DelayedMessagesBenchmark: Herald beside
# gdx-ai, Ashley and artemis-odb) and prints what the "The game stack" section of
# docs/performance.md is made from: the tables and the targets' verdicts (ResultsTable).
#
#   benchmarks/run-gamestack.sh          about 8 minutes on 2 CPUs
#   JAVA=/path/to/bin/java benchmarks/run-gamestack.sh
#
# Outputs, in benchmarks/target/results/: gamestack.json (JMH) and gamestack-table.md. Extra
# arguments go to JMH, e.g. -p receivers=10 to run one receiver count. benchmarks/run.sh runs
# these scenarios too, with the rest of the suite.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
java="${JAVA:-java}"
out=benchmarks/target/results
jar=benchmarks/target/benchmarks.jar

mvn -B -ntp -q package -DskipTests -pl benchmarks -am
mkdir -p "$out"
"$java" -jar "$jar" 'GameStackBenchmark|DelayedMessagesBenchmark' -f 1 -wi 2 -w 1s -i 3 -r 1s \
  -prof gc -rf json -rff "$out/gamestack.json" "$@"
java -cp "$jar" dev.herald.benchmarks.report.ResultsTable "$out/gamestack.json" \
  | tee "$out/gamestack-table.md"
echo "Wrote $out/gamestack.json and gamestack-table.md"
