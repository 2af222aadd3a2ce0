#!/usr/bin/env bash
# Prints a `swift test --filter` (or `--skip`) pattern for every suite tagged TAG:
#   swift test --filter "$(scripts/tagged-suites.sh backend)"
# SwiftPM's --filter matches test ids (Module.Suite/test()), not Swift Testing tags, so
# the tags are read here from the sources: `.tags(.TAG)` on an `@Suite(…)` line, the
# suite being the type declared below it. A tag anywhere else (on an @Test, or on a
# line of its own) could not be seen, so it is an error rather than a test left out.
set -euo pipefail
tag=${1:?usage: scripts/tagged-suites.sh TAG}
cd "$(dirname "$0")/.."
status=0
patterns=()
for file in Tests/*/*.swift; do
  module=$(basename "$(dirname "$file")")
  while IFS=: read -r line rest; do
    if [[ $rest != *"@Suite("* ]]; then
      echo "error: $file:$line: .tags(.$tag) must be on the @Suite line (scripts/tagged-suites.sh reads it there)" >&2
      status=1; continue
    fi
    # awk reads the file itself: `tail | grep -m1` failed with SIGPIPE (status 141, under
    # pipefail) whenever grep quit before tail had written the rest of a long file.
    name=$(awk -v from="$line" 'NR >= from && match($0, /^((public|final|private) )*(struct|class|enum|actor) [A-Za-z_][A-Za-z0-9_]*/) {
      n = split(substr($0, RSTART, RLENGTH), words, " "); print words[n]; exit }' "$file")
    if [[ -z $name ]]; then echo "error: $file:$line: no type below the @Suite" >&2; status=1; continue; fi
    patterns+=("$module\\.$name\\b")
  done < <(grep -nE "\.tags\(([^)]*[ ,])?\.$tag\b" "$file" || true)
done
if [[ $status != 0 ]]; then exit $status; fi
if [[ ${#patterns[@]} == 0 ]]; then echo "error: no suite is tagged .$tag" >&2; exit 1; fi
(IFS='|'; echo "${patterns[*]}")
