import Foundation
import WorkbookModel

/// Grades predict exercises: runs each one's `swift run predict` program with the
/// snippet runner (`workbook run`'s machinery, cached by content) and compares the
/// learner's prediction with what it really printed, line by line. No tests are
/// involved, and nothing the learner wrote is compiled.
struct PredictionGrader {
    let grader: Grader

    private var workbook: Workbook { grader.workbook }

    /// Grades of `chapter`'s predict exercises (just `only`, when it is one of them).
    func grade(_ chapter: Chapter, only: ExerciseID?) throws -> [ExerciseGrade] {
        let exercises = chapter.exercises.filter { $0.kind.judge == .prediction && (only == nil || $0.id == only) }
        guard !exercises.isEmpty else { return [] }
        var grades: [ExerciseGrade] = []
        var toRun: [(Exercise, Submission)] = []
        for exercise in exercises {
            let submission = try grader.submission(for: exercise, in: chapter)
            let learnerPath = grader.displayPath(of: submission)
            if submission.isStarter, !grader.options.runStarters {
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
        grader.progress?("running \(toRun.count == 1 ? "the program" : "\(toRun.count) programs") to compare")
        let runner = SnippetRunner(
            root: workbook.root, toolchain: grader.toolchain, cacheFolder: grader.cache,
            options: .init(timeout: grader.options.timeout, outputLimit: grader.options.outputLimit, useCache: grader.options.useCache))
        let results = try runner.results(for: programs)
        for (exercise, submission) in toRun {
            let learnerPath = grader.displayPath(of: submission)
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
            : grader.options.revealPredictions.contains(exercise.id) ? "\(difference.message); \(difference.revealed)"
            : "\(difference.message) (`workbook hint \(exercise.id)` shows the expected line, and so does this report after three tries)"
        let location = difference.fileLine.map { SourceLocation(path: learnerPath, line: $0) }
        return ExerciseGrade(
            id: exercise.id, title: exercise.title, status: .failed, message: message,
            tests: [TestOutcome(name: name, status: .fail, message: message, location: location)],
            learnerFile: learnerPath)
    }
}
