import Foundation
import WorkbookModel
import WorkbookToolchain
import WorkbookRunning

/// Grades predict exercises: runs each one's `swift run predict` program with the
/// snippet runner (`workbook run`'s machinery, cached by content) and compares the
/// learner's prediction with what it really printed, line by line. No tests are
/// involved, and nothing the learner wrote is compiled.
struct PredictionGrader {
    /// What predict grading reads.
    struct Settings: Sendable {
        var toolchain: SwiftToolchain
        var cache: URL
        var timeout: Double
        var outputLimit: Int
        var useCache: Bool
        /// Grade the starters too (`verify`), not "not started".
        var runStarters: Bool
        /// The exercises whose report may show the expected line.
        var revealPredictions: Set<ExerciseID>
        var paths: LearnerPaths
        var events: GradingEvents?
    }

    let settings: Settings
    let planner: GradingPlanner

    private var workbook: Workbook { settings.paths.workbook }

    /// Grades of `chapter`'s predict exercises (just `only`, when it is one of them).
    func grade(_ chapter: Chapter, only: ExerciseID?) throws -> [ExerciseGrade] {
        let exercises = chapter.exercises.filter { $0.kind.judge == .prediction && (only == nil || $0.id == only) }
        guard !exercises.isEmpty else { return [] }
        var grades: [ExerciseGrade] = []
        var toRun: [(Exercise, Submission)] = []
        for exercise in exercises {
            let submission = try planner.submission(for: exercise, in: chapter)
            let learnerPath = settings.paths.displayPath(of: submission)
            if submission.isStarter, !settings.runStarters {
                let message = submission.origin == .learner
                    ? "\(learnerPath) is still the starter: write what the program of exercise \(exercise.id) prints there, then check again"
                    : "\(learnerPath) does not exist: `workbook start \(chapter.number)` writes its starter"
                grades.append(ExerciseGrade(id: exercise.id, title: exercise.title, status: .notStarted, message: message, learnerFile: learnerPath))
            } else {
                toRun.append((exercise, submission))
            }
        }
        guard !toRun.isEmpty else { return grades }

        // Only the programs: the chapter's other snippets are `workbook run`'s business.
        let lines = Set(toRun.compactMap(\.0.programLine))
        var programs = chapter
        programs.snippets = chapter.snippets.filter { lines.contains($0.location.line) }
        settings.events?(.runningPrograms(toRun.count))
        let runner = SnippetRunner(
            root: workbook.root, toolchain: settings.toolchain, cacheFolder: settings.cache,
            options: .init(timeout: settings.timeout, outputLimit: settings.outputLimit, useCache: settings.useCache))
        let results = try runner.results(for: programs)
        for (exercise, submission) in toRun {
            let learnerPath = settings.paths.displayPath(of: submission)
            guard let result = results.first(where: { $0.line == exercise.programLine }) else { continue }
            grades.append(grade(exercise, submission: submission, learnerPath: learnerPath, result: result, chapter: chapter))
        }
        return grades
    }

    private func grade(
        _ exercise: Exercise, submission: Submission, learnerPath: String, result: SnippetResult, chapter: Chapter
    ) -> ExerciseGrade {
        // A program that does not run as written is the author's problem, not the learner's.
        if result.status != .passed, result.status != .mismatch {
            return ExerciseGrade(
                id: exercise.id, title: exercise.title, status: .doesNotCompile,
                message: "the program of exercise \(exercise.id) (\(chapter.path):\(result.line)) did not run (\(result.status.rawValue)): \(result.message)",
                learnerFile: learnerPath)
        }
        let text = FileManager.default.contents(atPath: submission.file.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let prediction = Prediction(fileText: text)
        let name = "your prediction of what the program at \(chapter.path):\(result.line) prints"
        guard let difference = prediction.firstDifference(from: result.actual) else {
            return ExerciseGrade(
                id: exercise.id, title: exercise.title, status: .passed,
                tests: [TestOutcome(name: name, status: .pass)], learnerFile: learnerPath)
        }
        // The expected text is the answer: shown only when asked for (or after three tries).
        let message = prediction.lines.isEmpty ? "you have not predicted any line yet"
            : settings.revealPredictions.contains(exercise.id) ? "\(difference.message); \(difference.revealed)"
            : "\(difference.message) (`workbook hint \(exercise.id)` shows the expected line, and so does this report after three tries)"
        let location = difference.fileLine.map { SourceLocation(path: learnerPath, line: $0) }
        return ExerciseGrade(
            id: exercise.id, title: exercise.title, status: .failed, message: message,
            tests: [TestOutcome(name: name, status: .fail, message: message, location: location)],
            learnerFile: learnerPath)
    }
}
