#!/usr/bin/env bash
# Regenerates the sample's message map committed in docs/ (sample-message-map.mmd, .dot, .html and
# the picture .svg) from the sample's build: builds examples/sample and tools through the reactor,
# then runs the message map tool on the sample's classes. Needs Graphviz's dot for the picture;
# tools/ SampleMapTest checks the committed files against the build.
#
#   scripts/regenerate-sample-map.sh
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
if ! command -v dot >/dev/null 2>&1; then
  echo "Graphviz's dot is not on the PATH: install it (apt-get install graphviz, brew install" \
    "graphviz) and run this again" >&2
  exit 1
fi
mvn -B -ntp -q -f "$root/pom.xml" package -DskipTests -Djcstress.skip=true -pl tools -am
java -cp "$root/tools/target/classes" dev.herald.tools.MessageMapTool \
  --out "$root/docs" --name sample-message-map "$root/examples/sample/target/classes"
