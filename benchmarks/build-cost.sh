#!/usr/bin/env bash
# What Herald's processor costs a build, against plain javac and greenrobot's index processor:
# 1,000 listener classes compiled by javac in a fresh process each time, the builds in
# turn, RUNS times (default 7), median wall time and ratio to plain javac. Two more builds
# without a processor show where Herald's cost goes: the listeners plus the dispatchers Herald
# writes, and the listeners plus as many empty classes. Three more run a processor that does no
# work of its own, writing: Herald's dispatchers (javac's share of Herald's cost), as many
# empty classes (the floor of any design with one generated file per listener), and a
# prototype of one generated class per package (the design Herald does not use).
#
#   benchmarks/build-cost.sh [runs] [listeners]
#
# Writes the table to benchmarks/build-cost.md (quoted in RESULTS.md). Uses the JDK of `java`
# on the PATH (or JAVA_HOME's, if set).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
runs="${1:-7}"
listeners="${2:-1000}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"

mvn -B -ntp -q package -DskipTests
greenrobot=3.3.1
mvn -B -ntp -q dependency:get -Dartifact="org.greenrobot:eventbus-annotation-processor:$greenrobot"
evaluate() { # a Maven expression's value, without the colour codes some setups add
  mvn -B -ntp -q -N help:evaluate -Dexpression="$1" -DforceStdout | sed 's/\x1b\[[0-9;]*m//g'
}
m2="$(evaluate settings.localRepository)"
javapoet="$(evaluate javapoet.version)"

version=0.1.0-SNAPSHOT
herald_cp="annotations/target/herald-annotations-$version.jar:spi/target/herald-spi-$version.jar"
herald_pp="processor/target/herald-processor-$version.jar:annotations/target/herald-annotations-$version.jar"
herald_pp="$herald_pp:$m2/com/palantir/javapoet/javapoet/$javapoet/javapoet-$javapoet.jar"
greenrobot_cp="$m2/org/greenrobot/eventbus-java/$greenrobot/eventbus-java-$greenrobot.jar"
greenrobot_pp="$m2/org/greenrobot/eventbus-annotation-processor/$greenrobot/eventbus-annotation-processor-$greenrobot.jar"
greenrobot_pp="$greenrobot_pp:$m2/de/greenrobot/java-common/2.3.1/java-common-2.3.1.jar:$greenrobot_cp"

"$java" -cp benchmarks/target/benchmarks.jar dev.herald.benchmarks.build.ProcessorCost \
  "$runs" "$listeners" "$herald_cp" "$herald_pp" "$greenrobot_cp" "$greenrobot_pp" \
  benchmarks/target/classes \
  | tee benchmarks/build-cost.md
