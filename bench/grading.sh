#!/usr/bin/env bash
# Grading speed, measured side by side in one run (issue 8). Prints three ratios:
#   unchanged re-check / bare swiftc compile   (target <= 0.1)
#   re-check after one edit / bare compile     (target <= 1.5)
#   swift test / whole-chapter check           (target >= 3)
# The bare compile is ONE swiftc run over the chapter's learner files and tests
# (with the support modules prebuilt), linked into a test executable.
# Default: the grading fixture's chapter 1, copied to a temporary folder.
# BENCH_ROOT=. BENCH_CHAPTER=5 benches a real chapter (nothing in the root is edited:
# the learner files go to a temporary workspace, and `swift test` sees a touch).
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
WORKBOOK="${WORKBOOK:-$HERE/.build/debug/workbook}"
SWIFTC="${SWIFTC:-$(command -v swiftc)}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
if [ -n "${BENCH_ROOT:-}" ]; then
  ROOT="$(cd "$BENCH_ROOT" && pwd)"; CHAPTER="${BENCH_CHAPTER:?set BENCH_CHAPTER too}"
else
  cp -r "$HERE/Tests/Fixtures/GradingWorkbook" "$TMP/root"; ROOT="$TMP/root"; CHAPTER=1
fi
EXERCISES="$TMP/exercises"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
wb() { "$WORKBOOK" "$@" --root "$ROOT" --exercises "$EXERCISES" >/dev/null 2>&1 || true; }

# The chapter's files, from `workbook list --format json`.
LISTING="$("$WORKBOOK" list --format json --root "$ROOT")"
read -r STEM MODULE < <(python3 -c '
import json, sys
c = [c for c in json.load(sys.stdin)["chapters"] if c["number"] == int(sys.argv[1])][0]
print(c["file"].split("/")[-1][:-3], c["exercises"][0]["referenceFile"].split("/")[1])' "$CHAPTER" <<<"$LISTING")
mkdir -p "$EXERCISES/$STEM"
for ref in $(python3 -c '
import json, sys
c = [c for c in json.load(sys.stdin)["chapters"] if c["number"] == int(sys.argv[1])][0]
print(" ".join(e["referenceFile"] for e in c["exercises"]))' "$CHAPTER" <<<"$LISTING"); do
  cp "$ROOT/$ref" "$EXERCISES/$STEM/"
done
FIRST="$(ls "$EXERCISES/$STEM" | head -1)"

echo "Grading bench: chapter $CHAPTER ($MODULE) in $ROOT"
wb check "$CHAPTER"   # warm: support modules, runner, results

# Bare compile: one swiftc run over the learner files, the support files and the tests.
FLAGS=()
# Dependents first, so the static libraries link in order.
for dep in Stage Diner; do
  d="$(ls -d "$ROOT/.workbook/cache/modules/$dep-"* 2>/dev/null | head -1 || true)"
  [ -n "$d" ] && FLAGS+=(-I "$d" -L "$d" "-l$dep")
done
SUPPORT=()
for f in "$ROOT/Sources/$MODULE"/*.swift; do
  [ -e "$EXERCISES/$STEM/$(basename "$f")" ] || SUPPORT+=("$f")
done
mkdir -p "$TMP/bare"
printf 'import Testing\n@main struct BenchMain { static func main() async { await Testing.__swiftPMEntryPoint() as Never } }\n' > "$TMP/bare/Main.swift"
start=$(now)
"$SWIFTC" -swift-version 6 -Onone -gnone -parse-as-library -module-name "$MODULE" "${FLAGS[@]}" \
  "${SUPPORT[@]}" "$EXERCISES/$STEM"/*.swift "$ROOT/Tests/${MODULE}Tests"/*.swift "$TMP/bare/Main.swift" \
  -o "$TMP/bare/runner" >"$TMP/bare/log" 2>&1 || { echo "bare compile failed:"; cat "$TMP/bare/log"; exit 1; }
BARE=$(since "$start")

# Each figure is the median of several runs: one run on a busy machine says little.
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
UNCHANGED=$(for _ in 1 2 3 4 5; do start=$(now); wb check "$CHAPTER"; since "$start"; echo; done | median)

# One edit (a new comment, so the file's declarations stand) before each check.
EDITED=$(for _ in 1 2 3 4 5; do
  echo "// bench edit $RANDOM$RANDOM" >> "$EXERCISES/$STEM/$FIRST"
  start=$(now); wb check "$CHAPTER"; since "$start"; echo
done | median)

# swift test on the same suite after the same one-file change (built once before, untimed).
(cd "$ROOT" && swift build --build-tests >/dev/null 2>&1 || true)
SWIFTTEST=$(for _ in 1 2 3; do
  touch "$ROOT/Sources/$MODULE/$FIRST"
  start=$(now); (cd "$ROOT" && swift test --filter "${MODULE}Tests" >/dev/null 2>&1 || true); since "$start"; echo
done | median)

echo "  (medians: 5 re-checks each, 3 swift test runs)"
printf '  bare swiftc compile of learner files + tests   %8ss\n' "$BARE"
printf '  workbook check, unchanged (cached)             %8ss   ratio %s x bare   (target <= 0.1)\n' "$UNCHANGED" "$(ratio "$UNCHANGED" "$BARE")"
printf '  workbook check after editing one exercise      %8ss   ratio %s x bare   (target <= 1.5)\n' "$EDITED" "$(ratio "$EDITED" "$BARE")"
printf '  swift test --filter %-26s %8ss   ratio %s x the check above (target >= 3)\n' "${MODULE}Tests" "$SWIFTTEST" "$(ratio "$SWIFTTEST" "$EDITED")"

# A missed target fails `make bench`, unless BENCH_WARN_ONLY=1 (a noisy machine).
missed=$(awk -v u="$(ratio "$UNCHANGED" "$BARE")" -v e="$(ratio "$EDITED" "$BARE")" -v s="$(ratio "$SWIFTTEST" "$EDITED")" 'BEGIN {
  if (u > 0.1) print "  NOT met: unchanged re-check <= 0.1 x bare";
  if (e > 1.5) print "  NOT met: one-edit re-check <= 1.5 x bare";
  if (s < 3) print "  NOT met: swift test >= 3 x the check" }')
if [ -n "$missed" ]; then
  echo "$missed"
  [ "${BENCH_WARN_ONLY:-}" = 1 ] || exit 1
fi
