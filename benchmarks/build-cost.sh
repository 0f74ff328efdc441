#!/usr/bin/env bash
# What Herald's processor costs a build, against plain javac and greenrobot's index processor:
# 1,000 listener classes compiled by javac in a fresh process each time, the builds in
# turn, RUNS times (default 7), median wall time, CPU time and ratio to plain javac. More builds
# show where Herald's cost goes (ProcessorCost's javadoc says what each one measures): the
# listeners plus Herald's dispatchers, or as many empty classes, compiled without a processor;
# and a processor that does no work of its own writing Herald's dispatchers, as many empty
# classes (the floor of any design with one generated file per listener; once more with
# --limit-modules java.base), one empty class, no file, and a prototype of one generated class
# per package (the design Herald does not use).
#
#   benchmarks/build-cost.sh [runs] [listeners] [--rows=plain,herald,...] [--phases] [--warm=N]
#       [--baseline=JAR]
#
# listeners may be a list of counts, each measured in turn, with a table of how the cost grows:
#   benchmarks/build-cost.sh 5,1,1 1000,5000,10000 --rows=herald,prepared-empty,greenrobot
# (runs: one number for every count, or one per count). --baseline=JAR adds a row built with
# another herald-processor jar (copy an earlier commit's processor/target/herald-processor-*.jar),
# in the same turns. Wrap a run in `flock /tmp/herald-bench.lock` where other benchmarks may run.
#
# --rows runs only those builds (plain javac always; the keys are ProcessorCost.ROWS'), to keep
# a run short on a busy machine; --phases adds a table of javac's phases (JavacPhases);
# --warm=N runs javac in one JVM, as a build daemon does, after N unmeasured turns.
# Environment: BUILD_JDK, the JDK whose javac is measured (default: the java on the PATH, or
# JAVA_HOME's; Maven builds the jars with its own JDK either way); BUILD_COST_TMP, where the
# builds write (default: the system's temporary directory; a tmpfs such as /dev/shm takes the
# disk out of the measurement).
#
# Writes the table to benchmarks/target/build-cost.md (quoted in docs/performance.md).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
runs=7
listeners=1000
options=()
baseline=
positional=0
for arg in "$@"; do
  case "$arg" in
    --baseline=*) baseline="${arg#--baseline=}" ;;
    --*) options+=("$arg") ;;
    *)
      positional=$((positional + 1))
      if [ "$positional" = 1 ]; then runs="$arg"; else listeners="$arg"; fi
      ;;
  esac
done
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
if [ -n "${BUILD_JDK:-}" ]; then
  java="$BUILD_JDK/bin/java"
fi
tmp=()
if [ -n "${BUILD_COST_TMP:-}" ]; then
  tmp=("-Djava.io.tmpdir=$BUILD_COST_TMP")
fi

mvn -B -ntp -q package -DskipTests -pl benchmarks -am
greenrobot=3.3.1
mvn -B -ntp -q dependency:get -Dartifact="org.greenrobot:eventbus-annotation-processor:$greenrobot"
evaluate() { # a Maven expression's value, without the colour codes some setups add
  mvn -B -ntp -q -N help:evaluate -Dexpression="$1" -DforceStdout | sed 's/\x1b\[[0-9;]*m//g'
}
m2="$(evaluate settings.localRepository)"
javapoet="$(evaluate javapoet.version)"

version=0.1.0-SNAPSHOT
herald_cp="annotations/target/herald-annotations-$version.jar:generated/target/herald-generated-$version.jar"
herald_pp="processor/target/herald-processor-$version.jar:annotations/target/herald-annotations-$version.jar"
herald_pp="$herald_pp:$m2/com/palantir/javapoet/javapoet/$javapoet/javapoet-$javapoet.jar"
if [ -n "$baseline" ]; then
  # the baseline jar in place of this build's, with the same annotations and JavaPoet beside it
  options+=("--baseline=$(realpath "$baseline")${herald_pp#processor/target/herald-processor-$version.jar}")
fi
greenrobot_cp="$m2/org/greenrobot/eventbus-java/$greenrobot/eventbus-java-$greenrobot.jar"
greenrobot_pp="$m2/org/greenrobot/eventbus-annotation-processor/$greenrobot/eventbus-annotation-processor-$greenrobot.jar"
greenrobot_pp="$greenrobot_pp:$m2/de/greenrobot/java-common/2.3.1/java-common-2.3.1.jar:$greenrobot_cp"

"$java" ${tmp[@]+"${tmp[@]}"} -cp benchmarks/target/benchmarks.jar \
  dev.herald.benchmarks.build.ProcessorCost \
  "$runs" "$listeners" "$herald_cp" "$herald_pp" "$greenrobot_cp" "$greenrobot_pp" \
  benchmarks/target/classes ${options[@]+"${options[@]}"} \
  | tee benchmarks/target/build-cost.md
