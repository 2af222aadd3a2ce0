import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// What the build made and the test runner is linked from (`TestRunnerLinker`) — the
/// module's objects (their build folder locked until `release()`), the tests' objects,
/// the support libraries — so that the link happens only when some exercise has to run.
struct RunnerInputs {
    let module: IncrementalModuleBuilder.Built
    let dependencies: [ModuleBuilder.BuiltModule]
    let tests: GradingBuild.TestObjects
    /// The compiler's jobs without the driver, when this toolchain's could be learnt.
    let commands: DirectCommands?

    /// Lets other builds of the module's folder go on.
    func release() { module.lock.release() }

    /// What an exercise's result depends on beyond the grading options: the tests'
    /// objects (which stand for the module's interface, the test files, the support
    /// modules and the toolchain), the exercise's own file, and every module file its
    /// tests can reach. Nil when the reach cannot be read.
    func exerciseKey(_ exercise: Exercise, submission: Submission, reach: TestReach?) -> String? {
        guard let reach, let testsFile = exercise.testsFile,
              var reached = reach.reachable(from: tests.object(for: testsFile)) else { return nil }
        // Its hidden tests run in the same suite: what they reach counts too.
        if let hidden = HiddenTests.file(forTests: testsFile), FileManager.default.fileExists(atPath: tests.object(for: hidden).path) {
            guard let more = reach.reachable(from: tests.object(for: hidden)) else { return nil }
            reached = Array(Set(reached + more)).sorted()
        }
        var hash = ContentHash()
        hash.combine("exercise-result-v4")  // v4: a source as its path and hash, apart
        hash.combine(tests.key)
        hash.combine(exercise.id.description)
        hash.combine(exercise.suiteName ?? "")
        hash.combine(submission.file.path)
        hash.combine(FileManager.default.contents(atPath: submission.file.path) ?? Data())
        for index in reached {
            hash.combine(module.sources[index].path)
            hash.combine(module.sources[index].hash)
        }
        return hash.hex
    }
}
