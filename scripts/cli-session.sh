#!/bin/bash
# A scripted session of the command line, to prove a refactor changes no output: runs
# WORKBOOK with good and bad option combinations for every command (about 290 command
# lines) in a fresh copy of COMMIT (default HEAD), and records each one's standard output,
# standard error and exit code in OUTDIR (NNN.cmd, .out, .err, .rc). Run it with the
# binary built before and after the change, then `diff -r` the two folders.
#   scripts/cli-session.sh .build/debug/workbook /tmp/after [COMMIT]
# The copy is always at the same path (paths are in the outputs). It compiles: about
# 70 CPU seconds, 3 minutes on two busy cores.
set -u
WB=$(realpath "$1"); OUT=$2
REPO=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
COMMIT=${3:-HEAD}
BASE=${TMPDIR:-/tmp}/workbook-cli-session
ROOT=$BASE/root
rm -rf "$BASE" "$OUT"; mkdir -p "$ROOT" "$OUT"
git -C "$REPO" archive "$COMMIT" | tar -x -C "$ROOT"
export NO_COLOR=1 TERM=dumb
unset WORKBOOK_ROOT WORKBOOK_EXERCISES WORKBOOK_TIMINGS
n=0
t() {
  n=$((n+1)); local id; id=$(printf %03d $n)
  printf '%s\n' "$*" > "$OUT/$id.cmd"
  ( cd "$ROOT" && "$WB" "$@" ) </dev/null >"$OUT/$id.out" 2>"$OUT/$id.err"
  echo $? > "$OUT/$id.rc"
  # durations vary run to run
  # durations, clock times and backup stamps vary run to run
  sed -i -E -e 's/[0-9]+(\.[0-9]+)? (s|ms)\b/N \2/g' -e 's/(timestamp|time)="[^"]*"/\1="T"/g' \
    -e 's/-[0-9]{8}-[0-9]{6}-[0-9]{3}\.swift/-STAMP.swift/g' "$OUT/$id.out" "$OUT/$id.err"
}
tin() { # run in another directory: tin DIR args...
  local dir=$1; shift
  n=$((n+1)); local id; id=$(printf %03d $n)
  printf '(in %s) %s\n' "$dir" "$*" > "$OUT/$id.cmd"
  ( cd "$dir" && "$WB" "$@" ) </dev/null >"$OUT/$id.out" 2>"$OUT/$id.err"
  echo $? > "$OUT/$id.rc"
  # durations, clock times and backup stamps vary run to run
  sed -i -E -e 's/[0-9]+(\.[0-9]+)? (s|ms)\b/N \2/g' -e 's/(timestamp|time)="[^"]*"/\1="T"/g' \
    -e 's/-[0-9]{8}-[0-9]{6}-[0-9]{3}\.swift/-STAMP.swift/g' "$OUT/$id.out" "$OUT/$id.err"
}
COMMANDS="list lint start editor check hint solution reset progress watch verify mutate run render grade classroom release new clean completions man help version"

# -- the parser and help
t; t --help; t -h; t --version; t -V; t help; t bogus; t chek 1; t --root; t --root "$ROOT" list
t --frobnicate; t -- list
for c in $COMMANDS; do t help "$c"; t "$c" --help; t "$c" -h; done
t help bogus; t help check extra
t man; t completions bash; t completions zsh; t completions fish; t completions tcsh; t completions
t version; t version extra; t version --format json

# -- global options
tin /tmp list; tin /tmp --root "$ROOT" list; tin /tmp --root /nonexistent list
t --exercises $BASE/nowhere list; t list --root; t list --exercises
t clean; t clean --bogus; t clean extra

# -- list, lint, progress
t list; t list --format json; t list --format=json; t list --format text; t list --format junit
t list --format; t list --format xml; t list --formt json; t list --full; t list extra
t list --format json --format text; t list -- --format; t list --help=1; t list -x
t lint; t lint --format json; t lint --format junit; t lint --format=bogus
t progress; t progress --format json; t progress --format junit

# -- start, hint, solution, reset, editor
t start; t start 99; t start 1; t start 1 2; t start 1 --force
t hint 1.1; t hint 1.1 --all; t hint 1.1 --all=yes; t hint 9.9; t hint 1.1 --al; t hint
t solution 1.1; t solution 1.1 --comments; t solution 1.1 --force; t solution 1.1 --force --comments; t solution 1.1 --forse
t reset 1.1; t reset 9.9; t reset
t editor --bogus; t editor extra

# -- check
t check; t check 1 2; t check 99; t check 1.99
for v in 0 abc 3601 0.05 nan inf -1 "" 1e9; do t check 1.1 --timeout "$v"; done
t check 1.1 --timeout; t check 1.1 --out x; t check 1.1 --out x --format junit; t check 1.1 --out x --format text
t check 1.1 --out=x; t check 99 --out x; t check 99 --timeout 0; t check 1.1 --format xml; t check 1.1 --fresh=1
t check 1.1 --format json --out chapters
t check 1.1; t check 1.1 --full; t check 1.1 --format json; t check 1.1 --format junit --timeout 20
t check 1.1 --format json --out "$ROOT/results-out"; t check 1.1 --fresh --timeout 0.5
# a solved exercise, so check grades (compiles) instead of finding the starter
cp "$ROOT/Sources/Chapter01Blocks/Ex1_Operations.swift" "$ROOT/exercises/01-blocks/Ex1_Operations.swift"
t check 1.1; t check 1.1 --format json; t check 1.1 --format junit --fresh; t check 1.1 --full --timeout 30
t check 1.1 --format json --out "$ROOT/results-out2"; t check exercises/01-blocks/Ex1_Operations.swift --format json
t check 1 --format junit
t progress; t progress --format json

# -- run
t run; t run 99; t run nofile.swift; t run 1 --timeout 0; t run 1 --timeout x; t run 1 --format junit; t run 1 --reference=1
t run 1; t run 1 --format json; t run 1 --no-merge --format json --timeout 30
printf 'print("hello from a playground")\n' > "$ROOT/play.swift"
t run play.swift; t run play.swift --reference; t run play.swift --timeout 0

# -- verify
t verify 99; t verify --timeout 0; t verify --timeout x; t verify --format junit; t verify 1 2
t verify 1 --format json

# -- mutate
t mutate 99; t mutate 1.99
for o in "--min-score 101" "--min-score abc" "--min-score -0.5" "--min-score nan" "--sample 0" "--sample 2.5" "--sample 1000001" \
         "--jobs 0" "--jobs 65" "--jobs x" "--timeout 0" "--timeout 0.01" "--operator nope" "--operator nope,bad" "--operator ,"; do
  t mutate 1.1 $o
done
t mutate 1.1 --accept X; t mutate 1.1 --accept X --reason "  "; t mutate 1.1 --accept bad --reason ok
t mutate 1.1 --accept Nope.swift:1:x --reason ok; t mutate 1.1 --reason ok
t mutate 1.1 --min-score 101 --jobs 0; t mutate 1.1 --jobs 0 --operator nope; t mutate 99 --jobs 0
t mutate 1.1 --format junit; t mutate 1.1 --list; t mutate 1.1 --list --operator "comparison, boolean"; t mutate 1.1 --list --sample 2
t mutate 1.1 --sample 2 --jobs 1 --min-score 0; t mutate 1.1 --sample 2 --jobs 2 --format json --min-score 99.5

# -- render
t render --edition bogus; t render --paper b5; t render --hints maybe; t render 99; t render 1 2; t render 1 --out chapters
t render 1 --out "$ROOT/h1"; t render 1 --edition instructor --out "$ROOT/h2"; t render 1 --hints omit --out "$ROOT/h3"
t render 1 --out "$ROOT/h1" --paper letter

# -- grade
mkdir -p "$ROOT/subs-empty" "$ROOT/subs/ada"
cp -r "$ROOT/exercises/01-blocks" "$ROOT/subs/ada/" 2>/dev/null
t grade; t grade /nonexistent; t grade subs --jobs 0; t grade subs --jobs x; t grade subs --jobs 65; t grade subs --timeout 0
t grade subs --chapter 99; t grade subs --out chapters; t grade subs-empty; t grade subs-empty --jobs 0
t grade subs --chapter 1 --jobs 1 --out "$ROOT/gb"; t grade subs --chapter 1 --jobs 2 --out "$ROOT/gb" --timeout 20

# -- classroom
t classroom --points 0; t classroom --points 1001; t classroom --points x; t classroom --timeout 0; t classroom --timeout 2.5
t classroom 99; t classroom 99 --points 0; t classroom --out chapters/x.yml
t classroom --out "$ROOT/c.yml"; t classroom --out "$ROOT/c.yml"; t classroom --out "$ROOT/c.yml" --force
t classroom 1 2 --points 3 --timeout 20 --out "$ROOT/c.yml" --force; t classroom --force
cat "$ROOT/c.yml" > "$OUT/classroom.yml"

# -- release
t release; t release --chapter 1; t release --out; t release --out "$ROOT/../rel-x" --chapter 99
t release --out "$ROOT/chapters"
rm -rf $BASE/rel
t release --out $BASE/rel --chapter 1 --chapter 1 --chapter 2
t release --out $BASE/rel --chapter 1
( cd $BASE/rel && find . -type f | sort | head -400 ) > "$OUT/release-files.txt"

# -- new
t new; t new chapter; t new chapter 6; t new chapter x slug Title; t new thing 1 2 3; t new exercise 99 Foo Title
t new chapter 6 closures-more "More closures"; t new exercise 6 Ex1_Thing "A thing"

# -- watch (errors only: it waits for keys otherwise)
t watch 99; t watch --timeout 0; t watch --poll --timeout x; t watch 1 2; t watch --poll=1

# -- environment
WORKBOOK_ROOT="$ROOT" tin /tmp list --format json
WORKBOOK_ROOT=/nonexistent tin /tmp list
t clean
echo "$n command lines recorded in $OUT"
