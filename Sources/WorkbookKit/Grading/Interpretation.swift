import Foundation

/// Turns one suite's run — how the process ended, its event stream, its output —
/// into an exercise's grade, in the learner's terms.
struct Interpretation {
    let grader: Grader
    let chapter: Chapter
    let exercise: Exercise
    let submissions: [Submission]

    func grade(_ start: ExerciseGrade, result: ChildProcess.Result, stream: TestEventStream) -> ExerciseGrade {
        var grade = start
        grade.output = result.standardOutput
        grade.outputTruncated = result.outputTruncated
        grade.tests = tests(from: stream, ended: result.termination)
        grade.seconds = result.seconds
        // Each test's time, for JUnit: by its title, as the records name it.
        let durations = Dictionary(stream.tests.map { ($0.title, stream.durations[$0.id] ?? 0) }, uniquingKeysWith: max)
        for index in grade.tests.indices { grade.tests[index].seconds = durations[grade.tests[index].name] ?? 0 }
        let unfinished = stream.unfinished.first.map { " in test “\($0.title)”" } ?? ""
        switch result.termination {
        case .timedOut(let seconds):
            grade.status = .timedOut
            grade.message = "the tests ran past the \(seconds.formatted()) s limit and were stopped\(unfinished)."
            // Past a limit, the code may simply be waiting for a process that never started.
            if result.limitsReached.isEmpty {
                grade.message += " " + Interpretation.likelyCause(cpuSeconds: result.cpuSeconds, wallSeconds: result.seconds)
            }
        case .signaled(let signal):
            grade.status = .crashed
            grade.message = "the tests crashed\(unfinished): \(ChildProcess.signalName(signal))" + trapDetails(result.standardError)
        case .exited(let code) where !stream.runEnded || !stream.runnerCompleted:
            grade.status = .crashed
            grade.message = "the tests' process ended (exit status \(code)) before the tests finished\(unfinished); "
                + "does the code call exit() or abort()?" + trapDetails(result.standardError)
        case .exited:
            if grade.tests.isEmpty {
                grade.status = .failed
                grade.message = "no tests ran: the suite \(exercise.suiteName ?? "?") was not found in \(exercise.testsFile ?? "the tests")"
            } else if let failing = grade.tests.first(where: { $0.status != .pass }) {
                grade.status = .failed
                let count = grade.tests.filter { $0.status != .pass }.count
                grade.message = "\(count) of \(grade.tests.count) tests failed; first, “\(failing.name)”: \(failing.message ?? "failed")"
                    + (failing.location.map { " (\($0))" } ?? "")
            } else {
                grade.status = .passed
                grade.message = ""
            }
        }
        applySandboxFindings(&grade, result: result, stream: stream)
        if grade.outputTruncated {
            grade.message += grade.message.isEmpty ? "" : "\n"
            grade.message += "(the output passed the \(grader.options.outputLimit / 1024) KiB limit; the rest was dropped)"
        }
        return grade
    }

    /// What only the sandbox and the results channel can tell, each established by a
    /// counter or a check: a limit the run went over, records the runner did not write.
    private func applySandboxFindings(_ grade: inout ExerciseGrade, result: ChildProcess.Result, stream: TestEventStream) {
        var notes: [String] = []
        if result.limitsReached.contains(.memory) {
            grade.status = grade.status == .timedOut ? .timedOut : .crashed
            notes.append("The run went over a limit: " + LimitReached.memory.sentence(grader.sandboxPolicyLimits) + ".")
        }
        if result.limitsReached.contains(.processes) {
            // Starting hundreds of processes is a fault even when the answers come out right.
            if grade.status == .passed { grade.status = .failed }
            notes.append("The kernel refused to start more: " + LimitReached.processes.sentence(grader.sandboxPolicyLimits) + ".")
        }
        if stream.foreignLines > 0 {
            if grade.status == .passed { grade.status = .failed }
            notes.append("\(stream.foreignLines) line\(stream.foreignLines == 1 ? "" : "s") on the test runner's private results channel "
                + "did not come from the runner: the code under test wrote them. They were ignored.")
        }
        guard !notes.isEmpty else { return }
        grade.message = ([grade.message] + notes).filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// A hang that burnt CPU is a loop; one that sat idle is waiting for something
    /// that never comes.
    static func likelyCause(cpuSeconds: Double, wallSeconds: Double) -> String {
        // Loose on purpose: on a busy machine a loop gets a fraction of a core, while a
        // blocked program uses next to nothing.
        if wallSeconds > 0, cpuSeconds / wallSeconds >= 0.15 {
            return "It kept the CPU busy all along: most likely an endless loop (a loop whose condition never changes, or a recursion that never stops)."
        }
        return "It sat idle, waiting: most likely a deadlock (`sync` onto the serial queue the code is already running on, "
            + "a semaphore never signalled) or a completion handler that is never called."
    }

    private func tests(from stream: TestEventStream, ended termination: ChildProcess.Termination) -> [TestOutcome] {
        let records = stream.tests.sorted { ($0.filePath, $0.line) < ($1.filePath, $1.line) }
        var sources: [String: [String]] = [:]
        return records.map { record in
            if sources[record.filePath] == nil {
                let text = FileManager.default.contents(atPath: record.filePath).map { String(decoding: $0, as: UTF8.self) } ?? ""
                sources[record.filePath] = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            let code = Interpretation.testCode(lines: sources[record.filePath] ?? [], from: record.line)
            if let issue = stream.issues[record.id]?.first {
                let message = ([issue.message] + issue.details).joined(separator: "\n")
                let location = issue.line.map { SourceLocation(path: shortPath(issue.filePath ?? record.filePath), line: $0, column: issue.column ?? 1) }
                return TestOutcome(name: record.title, status: .fail, message: message, location: location, code: code)
            }
            if stream.ended.contains(record.id) {
                return TestOutcome(name: record.title, status: .pass, code: code)
            }
            let why: String
            switch termination {
            case .timedOut: why = stream.started.contains(record.id) ? "it was still running at the time limit" : "it did not get to run before the time limit"
            default: why = stream.started.contains(record.id) ? "the tests crashed while it ran" : "it did not run: the tests crashed first"
            }
            return TestOutcome(name: record.title, status: .error, message: why, code: code)
        }
    }

    /// The test function's source: from its `@Test` line to the brace that closes it.
    static func testCode(lines: [String], from line: Int) -> String {
        guard line >= 1, line <= lines.count else { return "" }
        var depth = 0
        var opened = false
        var collected: [String] = []
        for text in lines[(line - 1)...] {
            collected.append(text)
            for character in text {
                if character == "{" { depth += 1; opened = true }
                if character == "}" { depth -= 1 }
            }
            if opened, depth <= 0 { break }
        }
        return collected.joined(separator: "\n")
    }

    /// The trap's own line (`Ex3_Crash.swift:5: Fatal error: …`), pointed at the learner's file.
    private func trapDetails(_ standardError: String) -> String {
        let markers = ["Fatal error", "Precondition failed", "Assertion failed", "BUG IN CLIENT OF LIBDISPATCH", "Illegal instruction"]
        guard let line = standardError.split(separator: "\n").map(String.init).first(where: { line in markers.contains { line.contains($0) } }) else {
            // libdispatch stops a `sync` onto the queue it is already running on with a
            // bare trap: no message at all.
            return "\nno message was printed: libdispatch traps like this on a deadlock it catches, "
                + "a `sync` onto the serial queue the code is already running on"
        }
        var text = line
        // `Module/File.swift:12: Fatal error: …` uses #fileID; name the learner's file instead.
        if let colon = line.firstIndex(of: ":") {
            let fileID = String(line[..<colon])
            let fileName = fileID.split(separator: "/").last.map(String.init) ?? fileID
            if let exercise = chapter.exercises.first(where: { $0.fileName == fileName }),
               let submission = submissions.first(where: { $0.exercise == exercise.id }) {
                text = grader.displayPath(of: submission) + line[colon...]
            }
        }
        if line.contains("dispatch_sync called on queue already owned by current thread") {
            text += "\n(a deadlock, caught: `sync` onto the queue the code was already running on)"
        }
        return "\n" + text
    }

    private func shortPath(_ path: String) -> String {
        path.hasPrefix("/") ? grader.workbook.displayPath(URL(fileURLWithPath: path)) : path
    }
}
