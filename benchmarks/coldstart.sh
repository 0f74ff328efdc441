#!/usr/bin/env bash
# Cold start: times a tiny program per bus (create a bus, register one listener, deliver one
# message, exit) as a whole process, JVM start to exit, and prints the median in ms.
#
#   mvn -B -ntp -q package -DskipTests && benchmarks/coldstart.sh [runs]
#
# A fourth program delivers by a direct call, without a bus: the JVM's own start and exit,
# which every bus's time includes. Each program runs from benchmarks/target/coldstart-classes (a compilation of its own, so
# Herald's index lists only its one dispatcher) with only its own bus's jars on the class
# path. Uses hyperfine when it is installed (apt-get install -y hyperfine), otherwise a loop
# timed with date +%s%N (forced with TIMER=loop). RUNS (default 30) measured runs per program,
# after 3 unmeasured ones.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
classes="$here/target/coldstart-classes"
lib="$here/target/lib"
runs="${1:-${RUNS:-30}}"
warmups=3
java="${JAVA:-java}"
use_hyperfine=false
if [[ "${TIMER:-}" != loop ]] && command -v hyperfine > /dev/null; then
  use_hyperfine=true
fi

if [[ ! -d "$classes/dev/herald/benchmarks/coldstart" || ! -d "$lib" ]]; then
  echo "Build first: mvn -B -ntp -q package -DskipTests" >&2
  exit 1
fi

jar() { # the one jar in target/lib whose name starts with $1
  local found=("$lib"/"$1"-[0-9]*.jar)
  [[ -e "${found[0]}" ]] || { echo "missing $1 in $lib" >&2; exit 1; }
  echo "${found[0]}"
}

declare -A classpath=(
  [no bus (JVM floor)]="$classes"
  [Herald]="$classes:$(jar herald-runtime):$(jar herald-generated):$(jar herald-annotations):$(jar herald-time)"
  [Guava]="$classes:$(jar guava):$(jar failureaccess)"
  [greenrobot]="$classes:$(jar eventbus-java)"
)
declare -A main=(
  [no bus (JVM floor)]=dev.herald.benchmarks.coldstart.NoBusColdStart
  [Herald]=dev.herald.benchmarks.coldstart.HeraldColdStart
  [Guava]=dev.herald.benchmarks.coldstart.GuavaColdStart
  [greenrobot]=dev.herald.benchmarks.coldstart.GreenrobotColdStart
)
buses=("no bus (JVM floor)" Herald Guava greenrobot)

median_of() { # numbers on stdin -> median
  sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "Cold start, $runs runs each after $warmups warm-up runs; $("$java" -version 2>&1 | head -1)"
if $use_hyperfine; then
  echo "timer: hyperfine $(hyperfine --version | awk '{print $2}')"
else
  echo "timer: date +%s%N loop"
fi
printf '\n| bus | median ms | min ms | max ms |\n|---|---:|---:|---:|\n'

for bus in "${buses[@]}"; do
  command=("$java" -cp "${classpath[$bus]}" "${main[$bus]}")
  # A run that fails (message not delivered) stops the script: nothing was measured.
  "${command[@]}" || { echo "$bus: the program failed" >&2; exit 1; }
  times_ms=()
  if $use_hyperfine; then
    export_file="$(mktemp)"
    hyperfine -N --style none --warmup "$warmups" --runs "$runs" \
      --export-json "$export_file" "${command[*]}" > /dev/null
    mapfile -t times_ms < <(tr -d ' \n' < "$export_file" \
      | sed -e 's/.*"times":\[\([^]]*\)\].*/\1/' | tr ',' '\n' \
      | awk '{ printf "%.1f\n", $1 * 1000 }')
    rm -f "$export_file"
  else
    for ((i = 0; i < warmups; i++)); do "${command[@]}"; done
    for ((i = 0; i < runs; i++)); do
      start=$(date +%s%N)
      "${command[@]}"
      end=$(date +%s%N)
      times_ms+=("$(awk -v ns=$((end - start)) 'BEGIN { printf "%.1f", ns / 1e6 }')")
    done
  fi
  median=$(printf '%s\n' "${times_ms[@]}" | median_of)
  min=$(printf '%s\n' "${times_ms[@]}" | sort -n | head -1)
  max=$(printf '%s\n' "${times_ms[@]}" | sort -n | tail -1)
  printf '| %s | %.1f | %s | %s |\n' "$bus" "$median" "$min" "$max"
done
