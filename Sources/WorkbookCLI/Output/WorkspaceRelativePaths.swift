import WorkbookGrading

/// `check --format json` names the learner's files from the workspace (`01-basics/Ex1_Add.swift`,
/// not `exercises/01-basics/…`), as Exercism's interface names them from the solution's
/// folder. Rewritten on the finished grade rather than graded with `pathsFromWorkspace`:
/// that is another cache key, and a JSON check after a text check re-ran every exercise
/// (and code that keeps state between tests then failed a different number of them).
enum WorkspaceRelativePaths {
    /// `grade` with every path that starts with `workspace/` (as the report spells it) cut to the rest.
    static func apply(_ grade: ChapterGrade, workspace: String) -> ChapterGrade {
        guard !workspace.isEmpty, workspace != "." else { return grade }
        let prefix = workspace.hasSuffix("/") ? workspace : workspace + "/"
        func cut(_ text: String) -> String {
            var result = ""
            var rest = Substring(text)
            while let found = rest.range(of: prefix) {
                result += rest[..<found.lowerBound]
                // Only where a path starts: not inside a longer one (`Tests/exercises/…`).
                let before = result.last
                let startsPath = before.map { !($0.isLetter || $0.isNumber || "/._-".contains($0)) } ?? true
                result += startsPath ? "" : prefix
                rest = rest[found.upperBound...]
            }
            return result + rest
        }
        var grade = grade
        for index in grade.exercises.indices {
            var exercise = grade.exercises[index]
            exercise.message = cut(exercise.message)
            exercise.learnerFile = cut(exercise.learnerFile)
            exercise.escapeHatches = exercise.escapeHatches.map { var hatch = $0; hatch.path = cut(hatch.path); return hatch }
            exercise.dependencies = exercise.dependencies.map { var dependency = $0; dependency.file = cut(dependency.file); return dependency }
            exercise.tests = exercise.tests.map { test in
                var test = test
                test.message = test.message.map(cut)
                if let location = test.location { test.location?.path = cut(location.path) }
                return test
            }
            grade.exercises[index] = exercise
        }
        return grade
    }
}
