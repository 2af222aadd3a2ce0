import Foundation

/// The run half of grading: each exercise's suite in its own child process
/// (`--filter` on the suite's type), with the time limit and the output cap, its
/// results read from the event stream file (never from what the code printed, so a
/// learner's fake "passed" lines fool nobody).
struct SuiteRunner {
    let grader: Grader
    let runner: GradingBuild.Runner
    let chapter: Chapter
    let submissions: [Submission]

    func run(_ work: [(Exercise, Submission)]) -> [ExerciseGrade] {
        let indices = Array(work.indices)
        // `grade` never throws: a failure to start is itself a grade.
        return (try? BlockingLanes.map(indices, width: grader.options.parallelism) { index in
            grade(work[index].0, work[index].1)
        }) ?? []
    }

    func grade(_ exercise: Exercise, _ submission: Submission) -> ExerciseGrade {
        let learnerPath = grader.displayPath(of: submission)
        var grade = ExerciseGrade(id: exercise.id, title: exercise.title, status: .crashed, learnerFile: learnerPath)
        guard let suite = exercise.suiteName else { return grade }
        let runs = grader.cache.appendingPathComponent("runs").appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: runs) }
        let events = runs.appendingPathComponent("events.jsonl")
        var environment = ProcessInfo.processInfo.environment
        // The crashed thread's frames only (a few hundredths of a second, measured): the
        // report keeps those in the learner's files. Every thread's, with registers and
        // images, is slower and says nothing to a learner.
        environment["SWIFT_BACKTRACE"] = CrashReport.backtraceSettings
        environment["NO_COLOR"] = "1"
        environment.merge(runner.environment) { $1 }
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
            result = try ChildProcess.run(runner.executable.path, options)
        } catch {
            grade.message = "the tests could not be started: \(error)"
            return grade
        }
        let stream = TestEventStream(parsing: FileManager.default.contents(atPath: events.path).map { String(decoding: $0, as: UTF8.self) } ?? "")
        return Interpretation(grader: grader, chapter: chapter, exercise: exercise, submissions: submissions)
            .grade(grade, result: result, stream: stream)
    }
}
