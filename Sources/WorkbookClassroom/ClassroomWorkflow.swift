import WorkbookModel
/// `.github/workflows/classroom.yml` for GitHub Classroom's autograding: one
/// `autograding-command-grader` step per exercise (`workbook check N.M`, its points, its
/// time limit), then the reporter that sums them — the shape GitHub Classroom writes
/// itself (the reporter reads each step's `<ID>_RESULTS` variable). `workbook release`
/// puts it in the student repository; `workbook classroom` writes it on its own.
///
/// The job runs in the official Swift image of the toolchain the workbook is tested with,
/// pinned here only (`swiftVersion`; the README and the tests check against it), rather
/// than `swift-actions/setup-swift`, which lags new runner images. The tool is built once
/// per push in debug and its `.build` kept with `actions/cache` between pushes.
public enum ClassroomWorkflow {
    /// The Swift the workbook is tested with: the one place it is pinned.
    public static let swiftVersion = "6.3.1"
    /// The image's distribution: Debian 12, as on the machines the tests run on.
    public static let distribution = "bookworm"
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

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    public static func yaml(_ steps: [Step]) -> String {
        let packages = packages.joined(separator: " ")
        var lines = [
            "# Written by the workbook (`workbook release`, `workbook classroom`): GitHub Classroom",
            "# autograding, one step per exercise, each running `workbook check N.M`.",
            "#",
            "# Points: autograding-command-grader gives a step its max-score when the command exits 0",
            "# and 0 otherwise, so an exercise here scores all its points or none; the partial credit",
            "# `workbook grade` gives (the share of an exercise's tests that pass) is not available here.",
            "# What this grade is worth: it runs the tests the student's repository holds, which the",
            "# student can change; the grade of record is the teacher's `workbook grade` over the",
            "# collected repositories, with the hidden tests.",
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
            "      # The tool's build, per repository: the first push builds (a few minutes), later",
            "      # pushes restore it. Saved right after the build, not at the job's end, because the",
            "      # job fails whenever an exercise does (the reporter's verdict), and a failed job",
            "      # would save nothing.",
            "      - name: Restore the workbook's build",
            "        id: restore-build",
            "        uses: actions/cache/restore@v5",
            "        with:",
            "          path: .build",
            "          key: workbook-\(image.replacingOccurrences(of: ":", with: "-"))-${{ hashFiles('Package.swift', 'Sources/**') }}",
            "      - name: Build the workbook (debug)",
            "        id: \(buildStepID)",
            "        run: |",
            "          swift build --product workbook",
            "          swift build --show-bin-path >> \"$GITHUB_PATH\"",
            "      - name: Save the workbook's build",
            "        if: steps.restore-build.outputs.cache-hit != 'true'",
            "        uses: actions/cache/save@v5",
            "        with:",
            "          path: .build",
            "          key: ${{ steps.restore-build.outputs.cache-primary-key }}",
        ]
        for step in steps {
            let name = quoted("Exercise \(step.id): \(step.title)")
            lines += [
                "      - name: \(name)",
                "        id: \(stepID(step.id))",
                "        uses: classroom-resources/autograding-command-grader@v1",
                "        with:",
                "          test-name: \(name)",
                "          command: \(quoted("workbook check \(step.id)"))",
                "          timeout: \(step.timeoutMinutes)",
                "          max-score: \(step.points)",
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
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
