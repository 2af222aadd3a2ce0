import Foundation
import Synchronization
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// Per-test coverage of a failing exercise's file (issue 54's third step): its tests run
/// one at a time in a runner built for coverage (`CoverageBuild`), in the sandbox as every
/// run is, each writing its counters to a folder inside its own run folder
/// (`SuiteRunner.grade(_:_:test:counters:)`), read back by the toolchain's tools
/// (`ProfileTools`) as the lines of the learner's file that ran.
///
/// The counters are written by learner code, so they are believed only for where to look,
/// never for a result: a test counts as passing or failing by the learner's own graded
/// run, and only when its run here, read from the signed results channel, agrees.
package struct CoverageRuns: Sendable {
    package let workbook: Workbook
    package let toolchain: SwiftToolchain
    package let tools: ProfileTools
    /// Tests run side by side (they mostly wait, as `check`'s do).
    package var lanes: Int

    package init(workbook: Workbook, toolchain: SwiftToolchain, tools: ProfileTools, lanes: Int) {
        self.workbook = workbook
        self.toolchain = toolchain
        self.tools = tools
        self.lanes = lanes
    }

    /// One test's lines of the learner's file that ran.
    package struct TestLines: Sendable, Equatable {
        package var name: String
        package var passed: Bool
        package var lines: Set<Int>
    }

    /// The tests of `grade` (the learner's graded run of one exercise of `chapter`) whose
    /// counters were written and whose run alone ended as it did in `grade`, with their
    /// lines; nil when the coverage runner cannot be built (the exercise's tests need
    /// another exercise's code, the profile runtime will not link).
    package func lines(of grade: ExerciseGrade, in chapter: Chapter) -> [TestLines]? {
        // A failing test to run (one that crashed, the trap's, writes no counters, and
        // what it ran is not known).
        guard grade.tests.contains(where: { $0.status == .fail && $0.testID != nil }),
              let exercise = chapter.exercise(grade.id), let moduleName = chapter.moduleName else { return nil }
        let exercises = chapter.exercises.filter { $0.kind.judge == .tests && $0.referenceFile != nil && $0.testsFile != nil }
        let cache = workbook.cacheFolder
        let planner = GradingPlanner(workbook: workbook, cache: cache, submissions: .workspace)
        guard let submissions = try? exercises.map({ try planner.submission(for: $0, in: chapter) }),
              let submission = submissions.first(where: { $0.exercise == exercise.id }), !submission.isStarter else { return nil }
        let build = CoverageBuild(toolchain: toolchain, workbook: workbook, cache: cache, moduleName: moduleName, exercises: exercises)
        guard case .success(let runner)? = try? build.runner(for: exercise, submission: submission) else { return nil }
        let settings = SuiteRunner.Settings(
            timeout: 10, outputLimit: 1 << 16, outputPerTest: false, parallelism: 1, cache: cache,
            paths: LearnerPaths(workbook: workbook, cache: cache, fromWorkspace: false), host: toolchain.host)
        let tests = grade.tests.compactMap { test in test.testID.map { (test, $0) } }
        let tools = tools
        let host = toolchain.host
        let source = submission.file.path
        let found = try? BlockingLanes.map(tests, width: lanes) { (test, id) -> TestLines? in
            var alone = settings
            alone.timeout = Self.timeout(test)
            let lines = Mutex<Set<Int>?>(nil)
            let graded = SuiteRunner(settings: alone, runner: runner, chapter: chapter, submissions: submissions)
                .grade(exercise, submission, test: id) { folder in
                    let read = tools.executedLines(counters: SuiteRunner.countersFile, in: folder, binary: runner.executable,
                                                   source: source, host: host)
                    lines.withLock { $0 = read }
                }
            guard let read = lines.withLock({ $0 }),
                  let outcome = graded.tests.first(where: { $0.testID == id }),
                  (outcome.status == .pass) == (test.status == .pass) else { return nil }
            return TestLines(name: test.name, passed: test.status == .pass, lines: read)
        }
        return found?.compactMap { $0 }
    }

    /// Seconds one test may run alone: what it took in the learner's run, twice, and 2 s
    /// (a failing test may wait out a deadline of its own: 3.10's waited 8 s), at most 10.
    /// A run stopped at its limit writes no counters.
    static func timeout(_ test: TestOutcome) -> Double {
        min(10, 2 * test.seconds + 2)
    }
}
