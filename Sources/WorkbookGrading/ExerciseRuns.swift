import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The link and run stages, with the exercises' results cache in front: an exercise
/// whose tests, module interface and reached files are unchanged keeps its result.
struct ExerciseRuns {
    let settings: SuiteRunner.Settings
    let toolchain: SwiftToolchain
    let useCache: Bool
    /// The grading options that change a result, hashed.
    let keyPrefix: String
    let events: GradingEvents?

    /// Runs each exercise's tests, unless its result is known: same tests, same module
    /// interface, and no change in any file its tests can reach (`TestReach`). The
    /// runner is linked only when some exercise has to run. `reach` is the module's
    /// (nil: unreadable, and every exercise runs).
    func run(
        _ work: [(Exercise, Submission)], with inputs: RunnerInputs, reach: TestReach?, chapter: Chapter, submissions: [Submission]
    ) -> [ExerciseGrade] {
        guard !work.isEmpty else { return [] }
        let reach = useCache ? reach : nil
        var grades: [ExerciseGrade] = []
        var pending: [(Exercise, Submission)] = []
        var keys: [ExerciseID: String] = [:]
        let folder = CacheFolder.exerciseResults.url(in: settings.cache)
        for (exercise, submission) in work {
            let key = inputs.exerciseKey(exercise, submission: submission, reach: reach).map { keyPrefix + $0 }
            keys[exercise.id] = key
            if let key, let data = FileManager.default.contents(atPath: folder.appendingPathComponent("\(key).json").path),
               var known = try? JSONDecoder().decode(ExerciseGrade.self, from: data) {
                known.title = exercise.title
                grades.append(known)
            } else {
                pending.append((exercise, submission))
            }
        }
        guard !pending.isEmpty else { return grades }
        events?(.linking)
        switch TestRunnerLinker(toolchain: toolchain, cache: settings.cache).link(inputs) {
        case .failure(let diagnostics):
            let message = "the tests could not be linked with your module:\n" + diagnostics.allText
            return grades + pending.map { exercise, submission in
                ExerciseGrade(id: exercise.id, title: exercise.title, status: .doesNotCompile, message: message,
                              learnerFile: settings.paths.displayPath(of: submission))
            }
        case .success(let runner):
            // Linked, the runner needs nothing of the module's build folder (its library is
            // a copy in the cache): other builds of the folder may go on while the tests
            // run (the repair probe's lanes waited for each other's runs, measured).
            inputs.release()
            events?(.running(exercises: pending.count))
            let ran = SuiteRunner(settings: settings, runner: runner, chapter: chapter, submissions: submissions).run(pending)
            for grade in ran {
                if let key = keys[grade.id] ?? nil, BuildFailures.storageProblem(in: grade.message) == nil, grade.sandboxFailure == nil,
                   let data = try? JSONEncoder().encode(grade) {
                    try? AtomicFile.write(data, to: folder.appendingPathComponent("\(key).json"))
                }
            }
            return grades + ran
        }
    }
}
