import WorkbookModel
/// `.github/workflows/classroom.yml` for GitHub Classroom's autograding: one
/// `autograding-command-grader` step per exercise (`workbook check N.M`, its points, its
/// time limit), then the reporter that sums them. The set-up steps put Swift, cmark,
/// bubblewrap and `workbook` on the runner first. (What GitHub Classroom itself writes,
/// in the same shape: the reporter reads each step's `<ID>_RESULTS` variable.)
public enum ClassroomWorkflow {
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
        chapters.flatMap(\.exercises).filter { $0.referenceFile != nil && ($0.testsFile != nil || $0.kind == .predict) }
            .map { Step(id: $0.id, title: $0.title, points: $0.statedPoints ?? points, timeoutMinutes: timeoutMinutes) }
    }

    /// The step's id: letters, digits and dashes (`exercise-3-2`).
    static func stepID(_ id: ExerciseID) -> String { "exercise-\(id.chapter)-\(id.number)" }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    public static func yaml(_ steps: [Step], swiftVersion: String = "6.2") -> String {
        var lines = [
            "# Written by `workbook classroom`: GitHub Classroom autograding, one step per exercise.",
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
            "    steps:",
            "      - name: Checkout code",
            "        uses: actions/checkout@v5",
            "      - name: Install Swift",
            "        uses: swift-actions/setup-swift@v2",
            "        with:",
            "          swift-version: \(quoted(swiftVersion))",
            "      - name: Install the workbook",
            "        run: |",
            "          sudo apt-get update -qq",
            "          sudo apt-get install -y -qq libcmark-dev pkg-config bubblewrap unzip",
            "          # Ubuntu 24.04 keeps user namespaces from unprivileged programs; the sandbox needs them.",
            "          sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 || true",
            "          make install PREFIX=\"$HOME/.local\"",
            "          echo \"$HOME/.local/bin\" >> \"$GITHUB_PATH\"",
        ]
        for step in steps {
            let name = quoted("Exercise \(step.id): \(step.title)")
            lines += [
                "      - name: \(name)",
                "        id: \(stepID(step.id))",
                "        uses: classroom-resources/autograding-command-grader@v1",
                "        with:",
                "          test-name: \(name)",
                "          setup-command: \"\"",
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
