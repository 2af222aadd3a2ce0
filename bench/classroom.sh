#!/usr/bin/env bash
# Class grading throughput (issue 22), side by side in one run: `workbook grade` over a
# synthetic class of 30 students of the grading fixture's chapter 1 (references,
# starters and wrong answers mixed), against a shell loop of `workbook check 1` over the
# same class. Each side starts from an empty cache, with the sandbox as it is on the
# machine. Prints students per minute for both and the ratio; target >= 1.8.
# BENCH_WARN_ONLY=1 reports a missed target without failing.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
WORKBOOK="${WORKBOOK:-$HERE/.build/debug/workbook}"
STUDENTS="${BENCH_STUDENTS:-30}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }

for side in grade loop; do cp -r "$HERE/Tests/Fixtures/GradingWorkbook" "$TMP/$side"; done
CLASS="$TMP/class"
REFS="$HERE/Tests/Fixtures/GradingWorkbook/Sources/Chapter01Basics"
for i in $(seq 1 "$STUDENTS"); do
  folder="$CLASS/student$i/01-basics"
  mkdir -p "$folder"
  case $((i % 3)) in
    0) cp "$REFS"/Ex*.swift "$folder/" ;;                                  # all right
    1) ;;                                                                 # not started
    2) cp "$REFS"/Ex*.swift "$folder/"                                    # a wrong answer, each its own
       printf 'public func add(_ a: Int, _ b: Int) -> Int { a - b + %d - %d }\n' "$i" "$i" > "$folder/Ex1_Add.swift" ;;
  esac
done

start=$(now)
"$WORKBOOK" grade "$CLASS" --chapter 1 --timeout 5 --root "$TMP/grade" --out "$TMP/gradebook" >/dev/null 2>&1 || true
grade_seconds=$(since "$start")

start=$(now)
for student in "$CLASS"/*; do
  "$WORKBOOK" check 1 --timeout 5 --root "$TMP/loop" --exercises "$student" >/dev/null 2>&1 || true
done
loop_seconds=$(since "$start")

awk -v g="$grade_seconds" -v l="$loop_seconds" -v n="$STUDENTS" -v warn="${BENCH_WARN_ONLY:-0}" 'BEGIN {
  gr = n / g * 60; lr = n / l * 60; ratio = gr / lr
  printf "  class of %d, chapter 1 of the grading fixture:\n", n
  printf "    workbook grade                 %6.1f s  %6.1f students/min\n", g, gr
  printf "    loop of workbook check         %6.1f s  %6.1f students/min\n", l, lr
  printf "    throughput ratio               %6.2fx   (target >= 1.8x)%s\n", ratio, (ratio >= 1.8 ? "" : "  NOT MET")
  if (ratio < 1.8 && warn != "1") exit 1
}'
