#!/usr/bin/env bash
# Runs one step of `make test` (or CI) and prints after it how long it took, in wall and
# CPU seconds (its own and its children's), as "time, STEP: W s wall, C s CPU": CI's log
# then shows where the minutes go without a profiler (issue 29's budget is per step).
# Usage: scripts/timed.sh STEP COMMAND [ARGUMENTS...]; exits with COMMAND's status.
step=$1
shift
started=$(date +%s.%N)
"$@"
status=$?
# `times` must run in this shell, not in a pipe's subshell (a fork starts its own counts).
record=$(mktemp)
times > "$record"
read -r user system < <(tail -n 1 "$record" | tr 'ms' '  ' | awk '{ printf "%.2f %.2f\n", $1 * 60 + $2, $3 * 60 + $4 }')
rm -f "$record"
ended=$(date +%s.%N)
awk -v step="$step" -v a="$started" -v b="$ended" -v u="$user" -v s="$system" \
  'BEGIN { printf "time, %s: %.1f s wall, %.1f s CPU\n", step, b - a, u + s }' >&2
exit $status
