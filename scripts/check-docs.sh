#!/usr/bin/env bash
# Checks the docs, fast (no build): fails, naming each file and line, when
#   - README.md is longer than 250 lines (it is the front door; the rest belongs in docs/);
#   - a README, a page under docs/, CONTRIBUTING.md, or a comment in a src/main Java file
#     mentions an issue number, "this VM", a load average or "when this was written": docs and
#     comments give the lasting reason, and figures live in docs/performance.md with their
#     conditions;
#   - a relative link in README.md or docs/*.md points to a file that does not exist, or to a
#     heading (#anchor) that the target page does not have;
#   - a README, a page under docs/ or CONTRIBUTING.md names a test (`SomethingTest`,
#     `SomethingIT`, `SomethingTest.method`, or -Dtest=SomethingTest in a command) that has no
#     SomethingTest.java (or SomethingTest.kt) in the tree, or a method that its file does not
#     have: a promise is only as good as the test it names.
#
#   scripts/check-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import bisect
import os
import re
import sys

MAX_README_LINES = 250
SKIP_DIRS = {".git", "target", "node_modules", ".mvn"}

PHRASES = [
    (re.compile(r"\b(?:issues?|PR|GH)[\s-]*#?\s*\d+", re.I), "an issue number"),
    (re.compile(r"(?<![\w(/.&#])#\d{1,5}(?!\w)"), "an issue number"),
    (re.compile(r"\bthis VM\b", re.I), '"this VM"'),
    (re.compile(r"\bload[\s-]+averages?\b", re.I), "a load average"),
    (re.compile(r"when this was written", re.I), '"when this was written"'),
]

failures = []


def fail(path, line, message):
    failures.append(f"{path}:{line}: {message}")


def walk(top="."):
    for directory, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for name in sorted(files):
            path = os.path.normpath(os.path.join(directory, name))
            yield path


def check_phrases(path, lines):
    """lines: (line number, text) pairs."""
    for number, text in lines:
        said = set()
        for pattern, what in PHRASES:
            for match in pattern.finditer(text):
                if what not in said:
                    said.add(what)
                    fail(path, number, f'mentions {what} ("{match.group(0)}"): say the lasting reason')


# 1. The README's length.
with open("README.md", encoding="utf-8") as f:
    readme_lines = f.read().split("\n")
if readme_lines and readme_lines[-1] == "":
    readme_lines.pop()
if len(readme_lines) > MAX_README_LINES:
    fail("README.md", len(readme_lines),
         f"{len(readme_lines)} lines, more than {MAX_README_LINES}: move detail into a guide in docs/")

# 2. Phrases in docs and in main code's comments.
all_files = list(walk())
docs = [p for p in all_files
        if os.path.basename(p).startswith("README")
        or p.startswith("docs/") or p == "CONTRIBUTING.md"]
for path in docs:
    if path.endswith((".png", ".jpg", ".gif", ".svg", ".jar")):
        continue
    with open(path, encoding="utf-8", errors="replace") as f:
        check_phrases(path, enumerate(f.read().split("\n"), 1))

JAVA_TOKENS = re.compile(
    r'"""[\s\S]*?"""'                 # text block
    r'|"(?:\\.|[^"\\\n])*"'           # string
    r"|'(?:\\.|[^'\\\n])*'"           # char
    r"|//[^\n]*"                      # line comment
    r"|/\*[\s\S]*?\*/")               # block comment
for path in all_files:
    if not path.endswith(".java") or "/src/main/" not in f"/{path}":
        continue
    with open(path, encoding="utf-8", errors="replace") as f:
        source = f.read()
    starts = [0] + [i + 1 for i, c in enumerate(source) if c == "\n"]
    comment_lines = []
    for token in JAVA_TOKENS.finditer(source):
        text = token.group(0)
        if not text.startswith("/"):
            continue
        first = bisect.bisect_right(starts, token.start())
        comment_lines.extend(enumerate(text.split("\n"), first))
    check_phrases(path, comment_lines)

# 3. Relative links in README.md and docs/*.md, with their anchors.
FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
INLINE_CODE = re.compile(r"`[^`]*`")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"?([^\"\s>]+)")


def prose_lines(text):
    """(line number, text) of the lines outside fenced code blocks."""
    inside = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, line


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)   # a link's text only
    text = text.replace("`", "").strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


anchor_cache = {}


def anchors(path):
    if path not in anchor_cache:
        found, seen = set(), {}
        with open(path, encoding="utf-8") as f:
            for _, line in prose_lines(f.read()):
                heading = HEADING.match(line)
                if heading:
                    base = slug(heading.group(2))
                    count = seen.get(base, 0)
                    seen[base] = count + 1
                    found.add(base if count == 0 else f"{base}-{count}")
                found.update(HTML_ANCHOR.findall(line))
        anchor_cache[path] = found
    return anchor_cache[path]


pages = ["README.md"] + sorted(p for p in all_files
                               if p.startswith("docs/") and p.endswith(".md") and p.count("/") == 1)
for page in pages:
    with open(page, encoding="utf-8") as f:
        text = f.read()
    for number, line in prose_lines(text):
        for match in LINK.finditer(INLINE_CODE.sub("", line)):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):   # http:, mailto: ...
                continue
            file_part, _, anchor = target.partition("#")
            resolved = (os.path.normpath(os.path.join(os.path.dirname(page), file_part))
                        if file_part else page)
            if not os.path.exists(resolved):
                fail(page, number, f"links to {target}, but {resolved} does not exist")
                continue
            if anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                fail(page, number, f"links to {target}, but {resolved} has no heading #{anchor}")

# 4. Tests named by the docs exist, and so do the methods they name.
TEST_NAME = re.compile(
    r"`([A-Z][A-Za-z0-9_]*(?:Test|IT))(?:[.#]([a-z][A-Za-z0-9_]*))?[`(:\s]"
    r"|-Dtest=['\"]?([A-Z][A-Za-z0-9_]*(?:Test|IT))(?:#([a-z][A-Za-z0-9_]*))?")
test_files = {}
for path in all_files:
    if path.endswith((".java", ".kt")):
        test_files.setdefault(os.path.splitext(os.path.basename(path))[0], []).append(path)


def has_method(name, method):
    for path in test_files[name]:
        with open(path, encoding="utf-8", errors="replace") as f:
            if re.search(r"\b" + re.escape(method) + r"\s*\(", f.read()):
                return True
    return False


for path in docs:
    if not path.endswith(".md"):
        continue
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f.read().split("\n"), 1):
            for match in TEST_NAME.finditer(line):
                name = match.group(1) or match.group(3)
                method = match.group(2) or match.group(4)
                if name not in test_files:
                    fail(path, number, f"names the test {name}, but there is no {name}.java or .kt")
                elif method and not has_method(name, method):
                    fail(path, number, f"names {name}.{method}, but its file has no {method}")

for failure in failures:
    print(failure, file=sys.stderr)
if failures:
    print(f"check-docs: {len(failures)} problem(s)", file=sys.stderr)
    sys.exit(1)
print(f"check-docs: README.md has {len(readme_lines)} lines; {len(docs)} doc files, "
      f"the comments of main code, the links of {len(pages)} pages and the tests they name are clean")
PY
