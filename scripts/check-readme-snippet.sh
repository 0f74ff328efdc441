#!/usr/bin/env bash
# Checks the README's Maven snippet against a real build, as a new user would use it: the
# snippet pasted into an empty project (nothing else added but a listener and a main), built
# with this machine's Maven, then run. Herald's artifacts are installed into a private local
# repository first (a hard-linked copy of ~/.m2/repository, so nothing is downloaded twice and
# the real one is left alone).
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

# The first xml block of the README's Setup section: a <dependency>, "...", a <plugin>.
python3 - "$root/README.md" "$work/app/pom.xml" <<'PY'
import re, sys
readme = open(sys.argv[1]).read()
setup = readme[readme.index("## Setup"):]
snippet = re.search(r"```xml\n(.*?)```", setup, re.S).group(1)
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
import os
os.makedirs(os.path.dirname(sys.argv[2]), exist_ok=True)
open(sys.argv[2], "w").write(pom)
PY

mkdir -p "$work/app/src/main/java/example"
cat > "$work/app/src/main/java/example/Main.java" <<'JAVA'
package example;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;

public class Main {
  static final class Radar {
    @Subscribe
    void onAttack(String attacker) {
      System.out.println("radar heard: " + attacker);
    }
  }

  public static void main(String[] args) {
    MessageBus bus = MessageBus.create();
    Radar radar = new Radar();
    bus.register(radar);
    int ran = bus.post("Red Baron");
    System.out.println("handlers run: " + ran);
  }
}
JAVA

cd "$work/app"
mvn -B -ntp -q -Dmaven.repo.local="$repo" package
mvn -B -ntp -q -Dmaven.repo.local="$repo" dependency:build-classpath -Dmdep.outputFile=cp.txt
output="$(java -cp "target/classes:$(cat cp.txt)" example.Main)"
echo "$output"
if [[ "$output" != *"radar heard: Red Baron"* || "$output" != *"handlers run: 1"* ]]; then
  echo "FAILED: the README's snippet did not give a working build" >&2
  exit 1
fi
echo "The README's Maven snippet works in an empty project with $(mvn -v | head -1)"
