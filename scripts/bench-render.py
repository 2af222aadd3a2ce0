#!/usr/bin/env python3
"""Times `workbook render all` (snippet outputs cached) against the `cmark` command-line
tool rendering the same chapter files to HTML, side by side in one run, and prints the
ratio against the target (render ≤ 5× cmark).

    scripts/bench-render.py --workbook .build/release/workbook --root . [--runs 15]
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 5.0


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbook", required=True)
    parser.add_argument("--root", default=".")
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    cmark = shutil.which("cmark")
    if not cmark:
        sys.exit("error: the cmark command-line tool is missing; install it with: sudo apt-get install cmark")
    chapters = sorted(glob.glob(os.path.join(options.root, "chapters", "*.md")))
    size = sum(os.path.getsize(path) for path in chapters)
    out = tempfile.mkdtemp(prefix="bench-render-")
    try:
        for edition in ("student", "instructor"):
            render = [options.workbook, "render", "all", "--root", options.root, "--edition", edition, "--out", out]
            subprocess.run(render, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # warm: outputs cached
            cmark_times, render_times = [], []
            for _ in range(options.runs):  # interleaved, so both see the same machine load
                cmark_times.append(timed([cmark] + chapters))
                render_times.append(timed(render))
            cmark_ms = statistics.median(cmark_times) * 1000
            render_ms = statistics.median(render_times) * 1000
            ratio = render_ms / cmark_ms
            verdict = "met" if ratio <= TARGET else "NOT met"
            print(f"render {edition:10} {len(chapters)} chapters, {size / 1024:.0f} KiB: "
                  f"cmark {cmark_ms:.1f} ms, workbook render {render_ms:.1f} ms, "
                  f"ratio {ratio:.1f}x (target <= {TARGET:.0f}x: {verdict}; median of {options.runs})")
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
