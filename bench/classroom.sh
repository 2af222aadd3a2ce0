#!/usr/bin/env bash
# Class grading throughput (issue 22), side by side in one run: `workbook grade` over a
# synthetic class of 30 students of the grading fixture's chapter 1 (references,
# starters and wrong answers mixed), against a shell loop of `workbook check 1` over the
# same class, with the sandbox as it is on the machine. Twice: from an empty cache (for
# information: the one-time module and test builds, the same on both sides, are most of
# it), and as the install leaves a workbook (`make setup` prebuilds every chapter with
# `workbook verify`), where the target applies: at least 1.8 times the loop's students
# per minute, in the median of five rounds. `grade` grades identical submissions once
# (the class's ten copies of the references; its ten empty folders are rows of their own),
# which `check`, one student at a time, cannot: with every copy made different by a
# comment, the same bench measured 1.94x (2026-12-03, against 2.92x with the copies).
# BENCH_WARN_ONLY=1 reports a missed target without failing.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
WORKBOOK="${WORKBOOK:-$HERE/.build/debug/workbook}"
STUDENTS="${BENCH_STUDENTS:-30}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }

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

# One side: grade the class with `grade`, or with a loop of `check`, in a fresh copy of
# the fixture; `prebuilt` first runs the install's prebuild in that copy (untimed).
measure() {  # side mode -> seconds
  local root="$TMP/$1-$2"
  rm -rf "$root"; cp -r "$HERE/Tests/Fixtures/GradingWorkbook" "$root"
  if [ "$2" = prebuilt ]; then "$WORKBOOK" verify 1 --root "$root" >/dev/null 2>&1 || true; fi
  local start; start=$(now)
  if [ "$1" = grade ]; then
    "$WORKBOOK" grade "$CLASS" --chapter 1 --timeout 5 --root "$root" --out "$TMP/gradebook-$2" >/dev/null 2>&1 || true
  else
    for student in "$CLASS"/*; do
      "$WORKBOOK" check 1 --timeout 5 --root "$root" --exercises "$student" >/dev/null 2>&1 || true
    done
  fi
  since "$start"
}

report() {  # mode grade-seconds loop-seconds enforce
  awk -v mode="$1" -v g="$2" -v l="$3" -v n="$STUDENTS" -v enforce="$4" -v warn="${BENCH_WARN_ONLY:-0}" 'BEGIN {
    gr = n / g * 60; lr = n / l * 60; ratio = gr / lr
    printf "  class of %d, chapter 1 of the grading fixture, %s:\n", n, mode
    printf "    workbook grade                 %6.1f s  %6.1f students/min\n", g, gr
    printf "    loop of workbook check         %6.1f s  %6.1f students/min\n", l, lr
    if (enforce == "1") {
      printf "    throughput ratio               %6.2fx   (target >= 1.8x)%s\n", ratio, (ratio >= 1.8 ? "" : "  NOT MET")
      if (ratio < 1.8 && warn != "1") exit 1
    } else {
      printf "    throughput ratio               %6.2fx   (for information)\n", ratio
    }
  }'
}

# The target's figure is the median of ROUNDS rounds, each round timing both sides back
# to back: this machine's speed drifts over a minute (one run's loop took 7.1 s, 5.4 s
# and 4.7 s in its three rounds, measured), so a round's two sides are compared with
# each other, never with another round's. Five: single rounds of one build ranged from
# 1.57x to 2.08x on this 2-core machine, and the median of three from 1.74x to 1.92x
# (two builds, each measured twice, interleaved, 2026-12-03): three rounds decided the
# target by noise.
ROUNDS="${BENCH_ROUNDS:-5}"
report "from an empty cache" "$(measure grade cold)" "$(measure loop cold)" 0
rounds=()
for round in $(seq 1 "$ROUNDS"); do
  rounds+=("$(measure grade prebuilt) $(measure loop prebuilt)")
done
# The round with the median ratio is the one reported.
middle="$(printf '%s\n' "${rounds[@]}" | awk '{ print $2 / $1, $0 }' | sort -n | awk -v n="$ROUNDS" 'NR == int((n + 1) / 2) { print $2, $3 }')"
printf '  as installed, %s rounds (grade s, loop s, ratio):' "$ROUNDS"
printf '%s\n' "${rounds[@]}" | awk '{ printf "  %s %s %.2fx;", $1, $2, $2 / $1 } END { print "" }'
report "as installed (prebuilt), the median of $ROUNDS rounds" ${middle} 1
