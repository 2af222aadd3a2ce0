import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The judge of a race exercise (`Exercise.Kind.runsUnderThreadSanitizer`): once its
/// tests pass in the chapter's runner, they run again in a runner built with
/// `-sanitize=thread` (`ThreadSanitizerBuild`), in the sandbox with its address-space
/// cap lifted, and TSan's report decides (`ThreadSanitizerVerdict`). Only a passing
/// exercise goes on: a failing one's own failures come first, and the second build
/// costs a few seconds of CPU.
struct ThreadSanitizerJudge {
    let build: ThreadSanitizerBuild
    let runSettings: SuiteRunner.Settings
    let chapter: Chapter
    let submissions: [Submission]
    let paths: LearnerPaths

    /// TSan runs code 5 to 15 times slower (its documentation's figure): the tests' limit, doubled.
    static let timeoutFactor = 2.0

    func judge(_ grade: ExerciseGrade, exercise: Exercise, submission: Submission) -> ExerciseGrade {
        guard exercise.kind.runsUnderThreadSanitizer, grade.status == .passed else { return grade }
        var failed = grade
        do {
            switch try build.runner(for: exercise, submission: submission) {
            case .failure(let diagnostics):
                failed.status = .failed
                failed.message = "the tests pass, but they could not be built with the Thread Sanitizer:\n" + paths.shorten(diagnostics.allText)
                return failed
            case .success(let runner):
                var settings = runSettings
                settings.timeout *= Self.timeoutFactor
                return SuiteRunner(settings: settings, runner: runner, chapter: chapter, submissions: submissions).grade(exercise, submission)
            }
        } catch {
            failed.status = .failed
            failed.message = "the tests pass, but they could not be built with the Thread Sanitizer: \(FileFailure.from(error)?.description ?? "\(error)")"
            return failed
        }
    }
}
