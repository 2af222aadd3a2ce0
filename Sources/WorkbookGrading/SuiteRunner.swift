import Foundation
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The run half of grading: each exercise's suite in its own child process
/// (`--filter` on the suite's type), with the time limit and the output cap, its
/// results read from the event stream file (never from what the code printed, so a
/// learner's fake "passed" lines fool nobody).
struct SuiteRunner {
    /// What the run reads: its limits, where runs go, and how files are named.
    struct Settings: Sendable {
        /// Seconds each exercise's tests may run.
        var timeout: Double
        /// Bytes kept of the tests' output, per stream.
        var outputLimit: Int
        /// Each test's own output told apart: the tests then run one at a time.
        var outputPerTest: Bool
        /// Exercises run side by side.
        var parallelism: Int
        var cache: URL
        var paths: LearnerPaths
        /// The command's environment (the tests' starts from it) and sandbox.
        var host: HostEnvironment
        /// Added to the tests' environment (`Grader.Options.testEnvironment`).
        var environment: [String: String] = [:]
    }

    let settings: Settings
    let runner: TestRunner
    let chapter: Chapter
    let submissions: [Submission]

    private var workbook: Workbook { settings.paths.workbook }

    func run(_ work: [(Exercise, Submission)]) -> [ExerciseGrade] {
        let indices = Array(work.indices)
        // `grade` never throws: a failure to start is itself a grade.
        return (try? BlockingLanes.map(indices, width: settings.parallelism) { index in
            grade(work[index].0, work[index].1)
        }) ?? []
    }

    /// `exercise`'s tests run and interpreted. With `test` (its id), that test alone; with
    /// `counters`, a folder for the run's coverage counters (`LLVM_PROFILE_FILE`): inside
    /// the run's own folder, the one folder of the run bound writable from outside the
    /// sandbox, read by `counters` once the run has ended, then removed with the rest.
    func grade(_ exercise: Exercise, _ submission: Submission, test: String? = nil,
               counters: ((URL) -> Void)? = nil) -> ExerciseGrade {
        let learnerPath = settings.paths.displayPath(of: submission)
        var grade = ExerciseGrade(id: exercise.id, title: exercise.title, status: .crashed, learnerFile: learnerPath)
        guard let suite = exercise.suiteName else { return grade }
        var environment = settings.host.variables
        // The crashed thread's frames only (a few hundredths of a second, measured): the
        // report keeps those in the learner's files. Every thread's, with registers and
        // images, is slower and says nothing to a learner.
        environment["SWIFT_BACKTRACE"] = CrashReport.backtraceSettings
        environment["NO_COLOR"] = "1"
        environment.merge(runner.environment) { $1 }
        environment.merge(settings.environment) { $1 }
        // Only a coverage run's, never the caller's shell's.
        environment["LLVM_PROFILE_FILE"] = nil
        var key = RunnerEntryPoint.Key.random()
        var result: ChildProcess.Result
        do {
            result = try run(suite, test: test, key: key, environment: environment, counters: counters)
            // bubblewrap could not set the run up: nothing of the learner's ran, and
            // ChildProcess forgot the remembered probe. Once more; a second failure is
            // the grade's, said as bubblewrap's and never cached (`sandboxFailure`).
            if result.sandboxSetupFailure != nil {
                key = RunnerEntryPoint.Key.random()
                result = try run(suite, test: test, key: key, environment: environment, counters: counters)
            }
        } catch {
            grade.message = "the tests could not be started: \(error)"
            return grade
        }
        if let failure = result.sandboxSetupFailure {
            grade.sandboxFailure = failure
            grade.message = "the sandbox could not set up the tests' run, twice (nothing of your code ran): \(failure)"
            return grade
        }
        // The tests were compiled from paths relative to the root (TestSourcePaths).
        let stream = TestEventStream(channel: result.results, key: key).resolvingPaths(against: settings.paths.workbook.root)
        var marked = result
        let split = RunnerEntryPoint.splitOutput(result.standardOutput, stream: stream)
        marked.standardOutput = split.rest
        var graded = Interpretation(paths: settings.paths, outputLimit: settings.outputLimit, chapter: chapter, exercise: exercise, submissions: submissions)
            .grade(grade, result: marked, stream: stream)
        if runner.threadSanitizer {
            let learnerFile = ThreadSanitizerReport.LearnerFile(path: submission.file.path, displayPath: learnerPath)
            let testsFiles = [exercise.testsFile, exercise.testsFile.flatMap(HiddenTests.file(forTests:))].compactMap { $0 }
            graded = ThreadSanitizerVerdict.apply(ThreadSanitizerReport(standardError: result.standardError), to: graded,
                                                  learnerFile: learnerFile, testsFiles: testsFiles)
        }
        if settings.outputPerTest {
            let byTitle = Dictionary(stream.tests.map { ($0.title, split.byTest[$0.id] ?? "") }, uniquingKeysWith: +)
            for index in graded.tests.indices { graded.tests[index].output = byTitle[graded.tests[index].name] }
        }
        return graded
    }

    /// One run of `suite`'s tests (or of `test` alone) in a scratch folder of its own,
    /// removed after; with `counters`, its counters folder is read before.
    private func run(_ suite: String, test: String?, key: RunnerEntryPoint.Key, environment: [String: String],
                     counters: ((URL) -> Void)?) throws -> ChildProcess.Result {
        let runs = CacheFolder.runs.url(in: settings.cache).appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: runs) }
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        var environment = environment
        let countersFolder = runs.appendingPathComponent("counters")
        if counters != nil {
            try FileManager.default.createDirectory(at: countersFolder, withIntermediateDirectories: true)
            environment["LLVM_PROFILE_FILE"] = countersFolder.appendingPathComponent(Self.countersFile).path
        }
        var options = ChildProcess.Options(
            environment: environment, workingDirectory: runs.path,
            timeout: settings.timeout, outputLimit: settings.outputLimit)
        // The orders go on standard input, the signed results come back on fd 3: nothing
        // the code under test can read from its arguments or environment leads to them.
        options.standardInput = RunnerEntryPoint.orders(key: key, suite: suite, test: test, markTests: settings.outputPerTest)
        options.resultsChannel = true
        options.sandbox = sandboxPolicy(scratch: runs, writable: counters == nil ? [] : [countersFolder.path])
        let result = try ChildProcess.run(runner.executable.path, options)
        counters?(countersFolder)
        return result
    }

    /// The counters' file name in the counters folder.
    static let countersFile = "test.profraw"

    /// What an exercise's run may see: the workbook hidden (its tests, references,
    /// chapters and `.workbook/` state), the runner and its libraries and the learner's
    /// workspace read-only, its scratch folder a private sized one (nothing is read back
    /// from it), and `writable` (a coverage run's counters folder, inside the scratch).
    private func sandboxPolicy(scratch: URL, writable: [String]) -> SandboxPolicy {
        let libraries = (runner.environment["LD_LIBRARY_PATH"] ?? "").split(separator: ":").map(String.init)
            .filter { $0.hasPrefix(workbook.root.path) }
        var policy = SandboxPolicy(
            host: settings.host, hidden: [workbook.root.path],
            readOnly: [runner.executable.deletingLastPathComponent().path, workbook.exercisesFolder.path] + libraries,
            writable: writable, scratch: scratch.path)
        policy.limits.threadSanitizer = runner.threadSanitizer
        return policy
    }
}
