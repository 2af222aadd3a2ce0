#!/usr/bin/env python3
"""A new learner's first minutes, timed (issue 21):

  * the first `workbook check N` of every chapter after install (the prebuild that
    `make install` runs has happened; the learner has just run `workbook start N`):
    target: median <= 2 s;
  * `workbook watch N`: from a real code edit of a solved exercise (a statement added to a
    function's body, so the file is compiled again and the tests run) to the redrawn report's
    first line: target: median <= 0.5 s; the times to the exercise's ✓ line and to the
    end of the report are printed beside it;
  * `workbook check 1.1` after an edit inside a stored closure (1.1's `static let subtract`,
    solved): target: median <= 2 s, as a first check. Such an edit changes the module's
    bytes (a type body's fingerprint) but nothing its tests see (SwiftModuleDigest).

    bench/first-contact.py --workbook .build/release/workbook --root . [--saves 7]

Each figure is printed with its target and "met" / "NOT met"; the exit status is 1
when one is missed (0 with BENCH_WARN_ONLY=1). Learner files go to a temporary
workspace: nothing in the root is written but its cache.
"""
import argparse
import json
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

FIRST_CHECK_TARGET = 2.0
WATCH_TARGET = 0.5


def run(workbook, root, exercises, *arguments):
    command = [workbook, *arguments, "--root", root, "--exercises", exercises]
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def first_checks(workbook, root, chapters):
    times = {}
    for chapter in chapters:
        workspace = tempfile.mkdtemp(prefix="bench-first-")
        try:
            run(workbook, root, workspace, "start", str(chapter))
            start = time.perf_counter()
            run(workbook, root, workspace, "check", str(chapter))
            times[chapter] = time.perf_counter() - start
        finally:
            shutil.rmtree(workspace, ignore_errors=True)
    return times


def watch_latencies(workbook, root, chapter, saves):
    """Edits a solved learner file `saves` times while `watch` runs: (to the report's
    first line, to the exercise's status line, to its end) for each save."""
    workspace = tempfile.mkdtemp(prefix="bench-watch-")
    process = None
    try:
        run(workbook, root, workspace, "start", str(chapter))
        listing = json.loads(run(workbook, root, workspace, "list", "--format", "json").stdout)
        entry = next(c for c in listing["chapters"] if c["number"] == chapter)
        stem = os.path.basename(entry["file"])[:-3]
        first = entry["exercises"][0]
        reference = os.path.join(root, first["referenceFile"])
        learner = os.path.join(workspace, stem, os.path.basename(first["referenceFile"]))
        shutil.copy(reference, learner)  # solved: every edit below keeps it passing
        process = subprocess.Popen([workbook, "watch", str(chapter), "--root", root, "--exercises", workspace],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        buffer = b""

        def wait_for(marker, deadline):
            """Seconds until `marker` is read (consumed with what came before it), or None."""
            nonlocal buffer
            while time.monotonic() < deadline:
                if marker in buffer:
                    buffer = buffer[buffer.index(marker) + len(marker):]
                    return time.perf_counter()
                ready, _, _ = select.select([process.stdout], [], [], max(0, deadline - time.monotonic()))
                if ready:
                    chunk = os.read(process.stdout.fileno(), 65536)
                    if not chunk:
                        return None
                    buffer += chunk
            return None

        if wait_for(b"Watching ", time.monotonic() + 300) is None:
            raise RuntimeError("watch printed no first report")
        status = f" {first['id']} ".encode()
        latencies = []
        for index in range(saves):
            time.sleep(0.6)  # past the debounce of the last save
            # A real save of a real code edit: open, write, close, as an editor does. A
            # statement added to the body of the file's last function (`_ = N` before its
            # closing brace): the file is compiled again and the tests run, its declarations
            # stand (a new declaration, even a private one, compiles the chapter's tests
            # again: 4.7 s, measured), and the exercise stays solved (checked below).
            with open(learner, encoding="utf-8") as handle:
                lines = handle.read().split("\n")
            last = max(i for i, line in enumerate(lines) if line == "}")
            lines.insert(last, f"    _ = {index}  // bench edit")
            with open(learner, "w", encoding="utf-8") as handle:
                handle.write("\n".join(lines))
            start = time.perf_counter()
            deadline = time.monotonic() + 120
            title = wait_for(b"Chapter ", deadline)
            line = wait_for(status, deadline)
            report = buffer
            end = wait_for(b"Watching ", deadline)
            if None in (title, line, end):
                raise RuntimeError("watch did not redraw after a save")
            if not report.lstrip().startswith(b"passed") and b"passed" not in report.split(b"\n")[0]:
                raise RuntimeError(f"the bench's edit made {first['id']} fail: {report[:200]!r}")
            latencies.append((title - start, line - start, end - start))
        return latencies
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(workspace, ignore_errors=True)


def stored_closure_checks(workbook, root, saves):
    """Seconds of `check 1.1` after each of `saves` edits of the closure stored in
    1.1's `subtract` (a stored property's initializer), the exercise solved throughout."""
    workspace = tempfile.mkdtemp(prefix="bench-closure-")
    try:
        run(workbook, root, workspace, "start", "1")
        listing = json.loads(run(workbook, root, workspace, "list", "--format", "json").stdout)
        entry = next(c for c in listing["chapters"] if c["number"] == 1)
        first = entry["exercises"][0]
        learner = os.path.join(workspace, os.path.basename(entry["file"])[:-3], os.path.basename(first["referenceFile"]))
        shutil.copy(os.path.join(root, first["referenceFile"]), learner)
        if run(workbook, root, workspace, "check", "1.1").returncode != 0:
            raise RuntimeError("1.1's reference does not pass")
        times = []
        previous = "{ $0 - $1 }"
        for index in range(saves):
            with open(learner, encoding="utf-8") as handle:
                text = handle.read()
            if previous not in text:
                raise RuntimeError(f"1.1's subtract no longer holds {previous!r}")
            edited = f"{{ $0 - $1 + {index} - {index} }}"
            with open(learner, "w", encoding="utf-8") as handle:
                handle.write(text.replace(previous, edited, 1))
            previous = edited
            start = time.perf_counter()
            checked = run(workbook, root, workspace, "check", "1.1")
            times.append(time.perf_counter() - start)
            if checked.returncode != 0:
                raise RuntimeError(f"the bench's edit made 1.1 fail: {checked.stdout[:300]!r}")
        return times
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbook", required=True)
    parser.add_argument("--root", default=".")
    parser.add_argument("--saves", type=int, default=7)
    parser.add_argument("--watch-chapter", type=int, default=3)
    options = parser.parse_args()
    root = os.path.abspath(options.root)
    workbook = os.path.abspath(options.workbook)
    listing = json.loads(subprocess.run([workbook, "list", "--format", "json", "--root", root],
                                        stdout=subprocess.PIPE, text=True, check=True).stdout)
    chapters = [c["number"] for c in listing["chapters"] if c["exercises"]]

    missed = []
    checks = first_checks(workbook, root, chapters)
    median = statistics.median(checks.values())
    each = ", ".join(f"{n}: {t:.2f} s" for n, t in checks.items())
    verdict = "met" if median <= FIRST_CHECK_TARGET else "NOT met"
    print(f"First contact: first `workbook check N` after install, median of {len(checks)} chapters "
          f"{median:.2f} s   (target <= {FIRST_CHECK_TARGET:.0f} s: {verdict})   [{each}]")
    if verdict != "met":
        missed.append("first check")

    latencies = watch_latencies(workbook, root, options.watch_chapter, options.saves)
    firsts = [t[0] for t in latencies]
    median = statistics.median(firsts)
    verdict = "met" if median <= WATCH_TARGET else "NOT met"
    print(f"  watch {options.watch_chapter}: a real code edit of a solved exercise to the report's first line, median of "
          f"{len(latencies)} saves {median:.2f} s   (target <= {WATCH_TARGET} s: {verdict})   "
          f"[min {min(firsts):.2f} s, max {max(firsts):.2f} s]; to the exercise's line "
          f"{statistics.median(t[1] for t in latencies):.2f} s, to the report's end "
          f"{statistics.median(t[2] for t in latencies):.2f} s (the file compiled again and the tests run)")
    if verdict != "met":
        missed.append("watch")

    closure = stored_closure_checks(workbook, root, options.saves)
    median = statistics.median(closure)
    verdict = "met" if median <= FIRST_CHECK_TARGET else "NOT met"
    print(f"  check 1.1 after an edit inside a stored closure (1.1's subtract), median of {len(closure)} edits "
          f"{median:.2f} s   (target <= {FIRST_CHECK_TARGET:.0f} s: {verdict})   [min {min(closure):.2f} s, max {max(closure):.2f} s]")
    if verdict != "met":
        missed.append("check after a stored closure's edit")

    if missed:
        print(f"  missed: {', '.join(missed)}" + (" (BENCH_WARN_ONLY=1: not failing)" if os.environ.get("BENCH_WARN_ONLY") == "1" else ""))
        return 0 if os.environ.get("BENCH_WARN_ONLY") == "1" else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
