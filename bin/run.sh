#!/usr/bin/env bash
# Exercism's test-runner interface (exercism/docs, building/tooling/test-runners/interface.md):
#
#   bin/run.sh SLUG INPUT_DIR OUTPUT_DIR
#
# SLUG names an exercise (3.2) or a chapter (3). INPUT_DIR holds the solution: a workspace
# (NN-slug/ folders, the exercises/ layout) or one chapter's files. It is never written;
# the files are graded from a copy. OUTPUT_DIR/results.json gets the results (v3). Exits 0
# whenever results.json was written, whatever the tests said; 2 for a usage error.
# WORKBOOK names the tool and WORKBOOK_ROOT the workbook, when not this repository.
set -uo pipefail
if [ $# -lt 3 ]; then
  echo "usage: bin/run.sh SLUG INPUT_DIR OUTPUT_DIR" >&2
  exit 2
fi
slug=$1; input=${2%/}; output=${3%/}
root=${WORKBOOK_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
workbook=${WORKBOOK:-}
if [ -z "$workbook" ]; then
  if [ -x "$root/.build/release/workbook" ]; then workbook=$root/.build/release/workbook
  elif [ -x "$root/.build/debug/workbook" ]; then workbook=$root/.build/debug/workbook
  else workbook=$(command -v workbook || true); fi
fi
mkdir -p "$output"

error() {  # results.json for a run that could not test anything
  python3 -c 'import json, sys; print(json.dumps({"version": 3, "status": "error", "message": sys.argv[1][:65535], "tests": []}))' "$1" \
    > "$output/results.json"
  exit 0
}
[ -n "$workbook" ] || error "the workbook tool is not built: run make in $root"
[ -d "$input" ] || error "the solution folder $input does not exist"

chapter=${slug%%.*}
case $chapter in ''|*[!0-9]*) echo "bin/run.sh: '$slug' is not an exercise (3.2) or a chapter (3)" >&2; exit 2 ;; esac
stem=$(cd "$root/chapters" && ls | grep -E "^0*$chapter-[a-z0-9-]+\.md$" | head -n 1)
stem=${stem%.md}
[ -n "$stem" ] || error "there is no chapter $chapter"

workspace=$(mktemp -d)
trap 'rm -rf "$workspace"' EXIT
if [ -d "$input/$stem" ]; then
  cp -R "$input/$stem" "$workspace/$stem"
else
  cp -R "$input" "$workspace/$stem"
fi

"$workbook" check "$slug" --format json --root "$root" --exercises "$workspace" > "$output/results.json" 2> "$workspace/stderr.txt"
status=$?
if [ $status -gt 1 ] || ! python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$output/results.json" 2>/dev/null; then
  error "$(cat "$workspace/stderr.txt")"
fi
exit 0
