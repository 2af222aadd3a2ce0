import WorkbookModel
/// `.github/workflows/classroom.yml` for GitHub Classroom's autograding: one step per
/// exercise running `workbook check N.M --format classroom`, which writes the step's
/// `result` output itself (`ClassroomResult`: the points `grade` gives for the visible
/// tests), then autograding-grading-reporter, which adds up those results (it reads each
/// step's `<ID>_RESULTS` variable). `workbook release` puts it in the student repository;
/// `workbook classroom` writes it on its own.
///
/// The job runs in the official Swift image of the toolchain the workbook is tested with,
/// pinned here only (`swiftVersion`; the README and the tests check against it), rather
/// than `swift-actions/setup-swift`, which lags new runner images. The tool is built once
/// per repository (per version of its sources): the built binary is cached, keyed by a hash
/// of the tool's sources, and restored without compiling — not `.build`, whose restored
/// objects were all compiled again (228 steps, 35 s a push, issue 55). The compiled
/// chapter modules (`.workbook/cache`) are cached apart, keyed by the exercises' sources.
public enum ClassroomWorkflow {
    /// The Swift the workbook is tested with: the one place it is pinned.
    package static let swiftVersion = "6.3.1"
    /// The image's distribution: Debian 12, as on the machines the tests run on.
    package static let distribution = "bookworm"
    /// The official image on Docker Hub (`swift:6.3.1-bookworm`).
    public static var image: String { "swift:\(swiftVersion)-\(distribution)" }
    /// What the tool needs besides the image: cmark (the Markdown parser) and bubblewrap
    /// (the sandbox learner code runs in).
    package static let packages = ["libcmark-dev", "bubblewrap"]

    public struct Step: Sendable, Equatable {
        public var id: ExerciseID
        public var title: String
        public var points: Int
        /// Minutes, as the grader action counts them.
        public var timeoutMinutes: Int
    }

    /// `points`: what an exercise is worth when its chapter does not say (`Points:`).
    public static func steps(for chapters: [Chapter], points: Int = 1, timeoutMinutes: Int = 10) -> [Step] {
        // Every gradable exercise: written code with its tests, and predictions.
        chapters.flatMap(\.exercises).filter(\.isGradable)
            .map { Step(id: $0.id, title: $0.title, points: $0.statedPoints ?? points, timeoutMinutes: timeoutMinutes) }
    }

    /// The step's id: letters, digits and dashes (`exercise-3-2`).
    static func stepID(_ id: ExerciseID) -> String { "exercise-\(id.chapter)-\(id.number)" }

    /// The id of the step that builds the tool (the end-to-end script finds it by this id).
    static let buildStepID = "build-workbook"

    /// Where the built tool is kept and cached: in `.build/`, which the release's
    /// `.gitignore` keeps out of a student's commits.
    static let toolFolder = ".build/classroom-tool"

    /// The targets the `workbook` product is built from, for the tool's cache key: a change
    /// to an exercise or a test leaves the tool's key alone.
    static let toolSources = "hashFiles('Package.swift', 'Sources/Workbook*/**', 'Sources/CCmark/**', 'Sources/workbook/**')"

    /// What the chapter modules are compiled from (the learner's files, the chapters, their
    /// support sources and tests), for the module cache's key: a new key, and so a new entry, per push that changes them.
    static let exerciseSources = "hashFiles('exercises/**', 'chapters/**', 'Sources/**', 'Tests/**')"

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    public static func yaml(_ steps: [Step]) -> String {
        let packages = packages.joined(separator: " ")
        let imageKey = image.replacingOccurrences(of: ":", with: "-")
        var lines = [
            "# Written by the workbook (`workbook release`, `workbook classroom`): GitHub Classroom",
            "# autograding, one step per exercise, each running `workbook check N.M --format classroom`.",
            "#",
            "# Points: each step writes its own `result` for the reporter: the points `workbook grade`",
            "# gives for the visible tests (all of an exercise's points for a pass; for a failure, its",
            "# points times the share of passing tests among those the untouched starter fails; none",
            "# for code no test could judge). What this grade is worth: it runs the tests the student's",
            "# repository holds, which the student can change, and not the hidden tests; the grade of",
            "# record is the teacher's `workbook grade` over the collected repositories, with them.",
            "name: Autograding Tests",
            "\"on\":",
            "  - push",
            "  - repository_dispatch",
            "permissions:",
            "  checks: write",
            "  actions: read",
            "  contents: read",
            "jobs:",
            "  run-autograding-tests:",
            "    runs-on: ubuntu-latest",
            "    if: github.actor != 'github-classroom[bot]'",
            "    # The official Swift image of the toolchain the workbook is tested with. Privileged:",
            "    # learner code runs in bubblewrap, whose namespaces Docker's default seccomp and",
            "    # AppArmor profiles (and its masked /proc) refuse. Where a sandbox still cannot be",
            "    # made, every `workbook check` below says \"sandbox: off\" and why.",
            "    container:",
            "      image: \(image)",
            "      options: --privileged",
            "    steps:",
            "      - name: Checkout code",
            "        uses: actions/checkout@v5",
            "      - name: Install cmark and bubblewrap",
            "        run: |",
            "          if ! dpkg -s \(packages) >/dev/null 2>&1; then",
            "            apt-get update -qq",
            "            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \(packages) >/dev/null",
            "          fi",
            "      # The tool, built once per repository: the first push builds it (a few minutes), and",
            "      # every later push restores the binary, keyed by the tool's sources alone, and",
            "      # compiles nothing. Saved right after the build, not at the job's end, because the",
            "      # job fails whenever an exercise does (the reporter's verdict).",
            "      - name: Restore the workbook tool",
            "        id: restore-tool",
            "        uses: actions/cache/restore@v5",
            "        with:",
            "          path: \(toolFolder)",
            "          key: workbook-tool-\(imageKey)-${{ \(toolSources) }}",
            "      - name: Build the workbook tool (debug)",
            "        id: \(buildStepID)",
            "        if: steps.restore-tool.outputs.cache-hit != 'true'",
            "        run: |",
            "          swift build --product workbook",
            "          mkdir -p \(toolFolder)",
            "          cp \"$(swift build --show-bin-path)/workbook\" \(toolFolder)/workbook",
            "      - name: Save the workbook tool",
            "        if: steps.restore-tool.outputs.cache-hit != 'true'",
            "        uses: actions/cache/save@v5",
            "        with:",
            "          path: \(toolFolder)",
            "          key: ${{ steps.restore-tool.outputs.cache-primary-key }}",
            "      - name: Put the workbook tool on the PATH",
            "        run: echo \"$PWD/\(toolFolder)\" >> \"$GITHUB_PATH\"",
            "      # The chapter modules `workbook check` compiled on the last push: with them, a push",
            "      # compiles again only the files it changed. Saved at the job's end, whatever the verdict.",
            "      - name: Restore the compiled chapter modules",
            "        id: restore-modules",
            "        uses: actions/cache/restore@v5",
            "        with:",
            "          path: .workbook/cache",
            "          key: workbook-modules-\(imageKey)-${{ \(toolSources) }}-${{ \(exerciseSources) }}",
            "          restore-keys: workbook-modules-\(imageKey)-${{ \(toolSources) }}-",
        ]
        for step in steps {
            lines += [
                "      - name: \(quoted("Exercise \(step.id): \(step.title)"))",
                "        id: \(stepID(step.id))",
                "        timeout-minutes: \(step.timeoutMinutes)",
                "        run: workbook check \(step.id) --format classroom --points \(step.points) >> \"$GITHUB_OUTPUT\"",
            ]
        }
        lines += [
            "      - name: Autograding Reporter",
            "        uses: classroom-resources/autograding-grading-reporter@v1",
            "        env:",
        ]
        for step in steps {
            let id = stepID(step.id)
            lines.append("          \(id.uppercased())_RESULTS: \"${{ steps.\(id).outputs.result }}\"")
        }
        lines += [
            "        with:",
            "          runners: \(steps.map { stepID($0.id) }.joined(separator: ","))",
            "      - name: Save the compiled chapter modules",
            "        if: always() && steps.restore-modules.outputs.cache-hit != 'true'",
            "        uses: actions/cache/save@v5",
            "        with:",
            "          path: .workbook/cache",
            "          key: ${{ steps.restore-modules.outputs.cache-primary-key }}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
