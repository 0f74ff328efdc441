#!/usr/bin/env bash
# Runs the JMH suite's groups side by side, each JMH process (and its forks) pinned with taskset
# to two CPUs of its own, two forks per benchmark: the whole suite with its errors in a few
# minutes on a machine of 14 or more CPUs, each group on the shape of a 2-CPU machine.
#
#   benchmarks/run-pinned.sh            builds the suite, runs it, writes the table and the chart
#   JAVA=/path/to/bin/java benchmarks/run-pinned.sh
#
# Outputs, in benchmarks/target/results/: pinned.json (every group's JMH results), pinned-table.md
# (ResultsTable) and fanout-pinned.png (FanOutChart); each group's log beside them.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
java="${JAVA:-java}"
out=benchmarks/target/results
jar=benchmarks/target/benchmarks.jar
if (($(nproc) < 14)); then
  echo "run-pinned.sh needs 14 CPUs (seven groups of two); use benchmarks/run.sh here" >&2
  exit 1
fi
mvn -B -ntp -q package -DskipTests -pl benchmarks -am
mkdir -p "$out"
options=(-f 2 -wi 2 -w 1s -i 3 -r 1s -prof gc -rf json)
group() { # cpus name jmh-arguments...
  local cpus=$1 name=$2
  shift 2
  taskset -c "$cpus" "$java" -Djmh.ignoreLock=true -jar "$jar" "${options[@]}" \
    -rff "$out/pinned-$name.json" "$@" > "$out/pinned-$name.log" 2>&1
}
group 0,1 fanout-low FanOutBenchmark -p subscribers=0,1 &
group 2,3 fanout-high FanOutBenchmark -p subscribers=10,100 &
group 4,5 paths 'PostPathsBenchmark|StageBenchmark|AddressedSendBenchmark|DirectCallBenchmark' &
group 6,7 contention 'ContentionBenchmark|SignalBenchmark' &
group 8,9 register RegisterBenchmark &
group 10,11 codec CodecBenchmark &
group 12,13 routing TypeRoutingBenchmark &
wait
python3 - "$out" <<'PY'
import glob, json, sys
out = sys.argv[1]
results = []
for name in sorted(glob.glob(out + "/pinned-*.json")):
    results += json.load(open(name))
json.dump(results, open(out + "/pinned.json", "w"), indent=1)
PY
java -cp "$jar" dev.herald.benchmarks.report.ResultsTable "$out/pinned.json" > "$out/pinned-table.md"
java -cp "$jar" dev.herald.benchmarks.report.FanOutChart "$out/pinned.json" "$out/fanout-pinned.png"
echo "Wrote $out/pinned.json, pinned-table.md, fanout-pinned.png"
