#!/usr/bin/env python3
"""The repair probe's added time per failing exercise (issue 54): the planted-mistake
suite's mistakes (Tests/WorkbookCLITests/PlantedMistakes/PlantedMistakes.swift, read
here so the bench and the suite plant the same ones), each put alone into a copy of the
workbook whose other exercises are right, checked with `workbook check N.M` as a learner
checks it; the time is the one the tool reports for the probe (`WORKBOOK_TIMINGS=1`:
"located N.M: … s"), which starts after the ✗ line is printed.

    bench/locate.py --workbook .build/release/workbook --root . [--per-chapter K | --all]

Targets: median <= 2 s, 90th percentile <= 5 s. Exit 1 when one is missed (0 with
BENCH_WARN_ONLY=1). Nothing in the root is written.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

MEDIAN_TARGET = 2.0
P90_TARGET = 5.0
TABLE = "Tests/WorkbookCLITests/PlantedMistakes/PlantedMistakes.swift"
LITERAL = r'"((?:[^"\\]|\\.)*)"'
ENTRY = re.compile(r'M\(exercise: ' + LITERAL + r', file: ' + LITERAL + r',\s*replace: (?:' + LITERAL + r'|\w+),\s*with: ' + LITERAL)
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'"}


def unescape(text):
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(0)), text)


def mistakes(root):
    """(exercise, file, replace, with) of each mistake whose texts are literals."""
    with open(os.path.join(root, TABLE), encoding="utf-8") as handle:
        source = handle.read()
    found = []
    for match in ENTRY.finditer(source):
        exercise, file, replace, with_ = match.groups()
        if replace is None or file.endswith(".txt"):
            continue  # a shared constant (the table's own), or a prediction: no probe
        found.append((unescape(exercise), unescape(file), unescape(replace), unescape(with_)))
    return found


def copy_workbook(root, into):
    shutil.copytree(os.path.join(root, "chapters"), os.path.join(into, "chapters"))
    shutil.copy(os.path.join(root, "Package.swift"), into)
    for folder in ("Sources", "Tests"):
        for name in os.listdir(os.path.join(root, folder)):
            if name in ("Diner", "Stage", "Predictions") or name.startswith("Chapter"):
                shutil.copytree(os.path.join(root, folder, name), os.path.join(into, folder, name), symlinks=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbook", required=True)
    parser.add_argument("--root", default=".")
    parser.add_argument("--per-chapter", type=int, default=4, help="mistakes per chapter (the first K of its table)")
    parser.add_argument("--all", action="store_true", help="every mistake of the table")
    options = parser.parse_args()
    root, workbook = os.path.abspath(options.root), os.path.abspath(options.workbook)
    chosen, seen = [], {}
    for mistake in mistakes(root):
        chapter = mistake[0].split(".")[0]
        seen[chapter] = seen.get(chapter, 0) + 1
        if options.all or seen[chapter] <= options.per_chapter:
            chosen.append(mistake)
    scratch = tempfile.mkdtemp(prefix="bench-locate-")
    times, unlocated = [], []
    try:
        copy_workbook(root, scratch)
        env = dict(os.environ, WORKBOOK_TIMINGS="1")

        def workbook_run(*arguments):
            return subprocess.run([workbook, *arguments, "--root", scratch], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, env=env)

        started = set()
        for exercise, file, replace, with_ in chosen:
            chapter = exercise.split(".")[0]
            listing = os.path.join(scratch, "exercises")
            if chapter not in started:
                workbook_run("start", chapter)
                started.add(chapter)
            folder = next(os.path.join(listing, f) for f in os.listdir(listing) if f.startswith(chapter.zfill(2) + "-"))
            # Every exercise of the chapter right (its reference, from the chapter's module).
            module = next(os.path.join(scratch, "Sources", f) for f in os.listdir(os.path.join(scratch, "Sources"))
                          if f.startswith("Chapter" + chapter.zfill(2)))
            for name in os.listdir(folder):
                if os.path.exists(os.path.join(module, name)):
                    shutil.copy(os.path.join(module, name), os.path.join(folder, name))
            path = os.path.join(folder, file)
            with open(path, encoding="utf-8") as handle:
                reference = handle.read()
            if replace not in reference:
                print(f"  skipped {exercise}: the reference no longer holds {replace!r}")
                continue
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(reference.replace(replace, with_, 1))
            result = workbook_run("check", exercise)
            seconds = [float(m.group(1)) for m in re.finditer(r"workbook:\s+([0-9.]+) s\s+located " + re.escape(exercise) + ":", result.stderr)]
            if seconds:
                times.append(seconds[0])
            else:
                unlocated.append(exercise)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(reference)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not times:
        print("Localization: no probe ran (every mistake passed or was not probed)")
        return 1
    times.sort()
    median = statistics.median(times)
    p90 = times[min(len(times) - 1, int(round(0.9 * (len(times) - 1))))]
    met = median <= MEDIAN_TARGET and p90 <= P90_TARGET
    print(f"Localization: the repair probe's added time per failing exercise, {len(times)} planted mistakes: "
          f"median {median:.2f} s (target <= {MEDIAN_TARGET:.0f} s), 90th percentile {p90:.2f} s (target <= {P90_TARGET:.0f} s): "
          f"{'met' if met else 'NOT met'}   [min {times[0]:.2f} s, max {times[-1]:.2f} s]"
          + (f"; not probed: {', '.join(unlocated)}" if unlocated else ""))
    if not met:
        warn = os.environ.get("BENCH_WARN_ONLY") == "1"
        print("  NOT met: localization time" + (" (BENCH_WARN_ONLY=1: not failing)" if warn else ""))
        return 0 if warn else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
