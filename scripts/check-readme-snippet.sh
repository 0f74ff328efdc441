#!/usr/bin/env bash
# Checks the README's setup against real builds, as a new user would follow it:
#   1. the Maven snippet (the first xml block after "## Setup": a <dependency>, "...", a
#      <plugin>) pasted into an empty project whose only source is the README's example (the
#      first java block after "## Example"), built with this machine's Maven, then run;
#   2. the plain javac command (the first sh block after "### Plain `javac`") run as written on
#      the same example, with the jars it names taken from the installed artifacts.
# Each run must print what the example's "// prints "..."" comment says.
# Gradle is not installed here, so the Gradle snippet is not built; the processor's
# GradleRulesTest emulates Gradle's incremental rules instead.
#
# Herald's artifacts are installed into a private local repository first (a hard-linked copy of
# ~/.m2/repository, so nothing is downloaded twice and the real one is left alone).
#
#   scripts/check-readme-snippet.sh
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
repo="$work/repository"
user_repo="${HOME}/.m2/repository"
if [[ -d "$user_repo" ]]; then
  cp -al "$user_repo" "$repo" 2>/dev/null || cp -a "$user_repo" "$repo"
fi
rm -rf "$repo/dev/herald"
mvn -B -ntp -q -f "$root/pom.xml" install -DskipTests -Dmaven.repo.local="$repo" \
  -pl annotations,generated,runtime,processor -am

# The README's pieces: the pom for the Maven check, the example, the javac command, and what the
# example prints.
python3 - "$root/README.md" "$work" <<'PY'
import os, re, sys
readme = open(sys.argv[1]).read()
work = sys.argv[2]

def block(after, language):
    section = readme[readme.index(after):]
    return re.search(r"```" + language + r"\n(.*?)```", section, re.S).group(1)

snippet = block("## Setup", "xml")
dependency, plugin = snippet.split("\n...\n")
pom = f"""<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>snippet-check</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
{dependency}
  </dependencies>
  <build>
    <plugins>
{plugin}
    </plugins>
  </build>
</project>
"""
example = block("## Example", "java")
main_class = re.search(r"public (?:final )?class (\w+)", example).group(1)
package = re.search(r"^package ([\w.]+);", example, re.M)
prints = re.search(r'// prints "([^"]*)"', example)
if not prints:
    sys.exit("FAILED: the README's example has no // prints \"...\" comment to check its output by")
javac = block("### Plain `javac`", "sh")
version = re.search(r"<version>([^<]+)</version>", dependency).group(1)

source_dir = package.group(1).replace(".", "/") if package else ""
for app, sources in (("maven-app", "src/main/java"), ("javac-app", "src")):
    directory = os.path.join(work, app, sources, source_dir)
    os.makedirs(directory, exist_ok=True)
    open(os.path.join(directory, main_class + ".java"), "w").write(example)
open(os.path.join(work, "maven-app", "pom.xml"), "w").write(pom)
open(os.path.join(work, "javac-app", "readme-javac.sh"), "w").write(javac)
full_name = (package.group(1) + "." if package else "") + main_class
open(os.path.join(work, "main-class"), "w").write(full_name)
open(os.path.join(work, "expected"), "w").write(prints.group(1))
open(os.path.join(work, "version"), "w").write(version)
PY
main_class="$(cat "$work/main-class")"
expected="$(cat "$work/expected")"
version="$(cat "$work/version")"

check_output() { # $1: which build, $2: what the example printed
  echo "$1: $2"
  if [[ "$2" != *"$expected"* ]]; then
    echo "FAILED: the README's example, built with $1, did not print \"$expected\"" >&2
    exit 1
  fi
}

# 1. Maven.
cd "$work/maven-app"
mvn -B -ntp -q -Dmaven.repo.local="$repo" package
mvn -B -ntp -q -Dmaven.repo.local="$repo" dependency:build-classpath -Dmdep.outputFile=cp.txt
check_output "the README's Maven snippet" "$(java -cp "target/classes:$(cat cp.txt)" "$main_class")"

# 2. Plain javac: each jar the command names, under that name, from the installed artifacts.
cd "$work/javac-app"
for jar in $(grep -oE 'herald-[a-z-]+\.jar' readme-javac.sh | sort -u); do
  artifact="${jar%.jar}"
  installed="$repo/dev/herald/$artifact/$version/$artifact-$version.jar"
  if [[ ! -f "$installed" ]]; then
    echo "FAILED: the README's javac command names $jar, but $installed was not installed" >&2
    exit 1
  fi
  ln -s "$installed" "$jar"
done
check_output "the README's javac command" "$(bash -euo pipefail readme-javac.sh 2>&1)"

echo "The README's example runs when built with its Maven snippet ($(mvn -B -v | sed -n '1{s/\x1b\[[0-9;]*m//g;p}')) and with its javac command ($(javac -version 2>&1))"
