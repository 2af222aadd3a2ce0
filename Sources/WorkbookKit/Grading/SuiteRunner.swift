import Foundation

/// The run half of grading: each exercise's suite in its own child process
/// (`--filter` on the suite's type), with the time limit and the output cap, its
/// results read from the event stream file (never from what the code printed, so a
/// learner's fake "passed" lines fool nobody).
struct SuiteRunner {
    let grader: Grader
    let runner: URL
    let chapter: Chapter
    let submissions: [Submission]

    func run(_ work: [(Exercise, Submission)]) -> [ExerciseGrade] {
        let results = Results(count: work.count)
        let lanes = max(1, min(grader.options.parallelism, work.count))
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: lanes) { _ in
            while let index = next.take(below: work.count) {
                results.set(index, grade(work[index].0, work[index].1))
            }
        }
        return results.all
    }

    func grade(_ exercise: Exercise, _ submission: Submission) -> ExerciseGrade {
        let learnerPath = grader.displayPath(of: submission)
        var grade = ExerciseGrade(id: exercise.id, title: exercise.title, status: .crashed, learnerFile: learnerPath)
        guard let suite = exercise.suiteName else { return grade }
        let runs = grader.cache.appendingPathComponent("runs").appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: runs) }
        let events = runs.appendingPathComponent("events.jsonl")
        var environment = ProcessInfo.processInfo.environment
        // A crash report of every thread is slow and says nothing to a learner.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["NO_COLOR"] = "1"
        let result: ChildProcess.Result
        do {
            try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
            var options = ChildProcess.Options(
                arguments: [
                    "--filter", "^\(GradingBuild.runnerModuleName)\\.\(suite)(/|$)",
                    "--event-stream-output-path", events.path, "--event-stream-version", "0",
                ],
                environment: environment, workingDirectory: runs.path,
                timeout: grader.options.timeout, outputLimit: grader.options.outputLimit)
            options.standardInput = ""
            result = try ChildProcess.run(runner.path, options)
        } catch {
            grade.message = "the tests could not be started: \(error)"
            return grade
        }
        let stream = TestEventStream(parsing: FileManager.default.contents(atPath: events.path).map { String(decoding: $0, as: UTF8.self) } ?? "")
        return Interpretation(grader: grader, chapter: chapter, exercise: exercise, submissions: submissions)
            .grade(grade, result: result, stream: stream)
    }
}

/// Hands out indexes to the lanes of a parallel loop.
private final class Counter: @unchecked Sendable {
    private var next = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }
}

/// Collects results from the lanes of a parallel loop.
private final class Results: @unchecked Sendable {
    private var grades: [ExerciseGrade?]
    private let lock = NSLock()

    init(count: Int) { grades = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ grade: ExerciseGrade) {
        lock.lock()
        grades[index] = grade
        lock.unlock()
    }

    var all: [ExerciseGrade] {
        lock.lock()
        defer { lock.unlock() }
        return grades.compactMap { $0 }
    }
}
