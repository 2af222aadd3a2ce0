import Foundation
import WorkbookModel
import WorkbookSystem

/// Turns one suite's run — how the process ended, its event stream, its output —
/// into an exercise's grade, in the learner's terms.
struct Interpretation {
    let paths: LearnerPaths
    /// Bytes kept of the tests' output, per stream (`SuiteRunner.Settings`).
    let outputLimit: Int
    let chapter: Chapter
    let exercise: Exercise
    let submissions: [Submission]

    /// The limits every run has (the folders aside), for the reports' wording.
    static let sandboxLimits = SandboxLimits()

    func grade(_ start: ExerciseGrade, result: ChildProcess.Result, stream: TestEventStream) -> ExerciseGrade {
        var grade = start
        grade.output = result.standardOutput
        grade.outputTruncated = result.outputTruncated
        let crash = CrashReport(standardError: result.standardError, learnerFiles: learnerFiles)
        let running = Interpretation.running(stream, frames: crash.frames, suite: exercise.suiteName)
        grade.tests = tests(from: stream, ended: result.termination, crashed: running.count == 1 ? running.first : nil)
        grade.seconds = result.seconds
        // Each test's time, for JUnit: by its title, as the records name it.
        let durations = Dictionary(stream.tests.map { ($0.title, stream.durations[$0.id] ?? 0) }, uniquingKeysWith: max)
        for index in grade.tests.indices { grade.tests[index].seconds = durations[grade.tests[index].name] ?? 0 }
        let unfinished = running.count == 1 ? " in test “\(running[0].title)”"
            : running.isEmpty ? "" : " in one of the tests " + running.map { "“\($0.title)”" }.joined(separator: ", ")
        switch result.termination {
        case .timedOut(let seconds):
            grade.status = .timedOut
            grade.message = "the tests ran past the \(seconds.formatted()) s limit and were stopped\(unfinished)."
            // Past a limit, the code may simply be waiting for a process that never started.
            if result.limitsReached.isEmpty {
                grade.message += " " + Interpretation.likelyCause(cpuSeconds: result.cpuSeconds, wallSeconds: result.seconds,
                                                                 processorWaitSeconds: result.processorWaitSeconds)
            }
        case .signaled(let signal):
            grade.status = .crashed
            grade.message = "the tests crashed\(unfinished): " + crash.describe(signal: signal) + trapDetails(crash)
            // The signed completion record came first: every test had ended, and the
            // process died on its way out (a thread the tests left running).
            if stream.runEnded, stream.runnerCompleted {
                let passed = grade.tests.filter { $0.status == .pass }.count
                grade.message = "every test had ended (\(passed) of \(grade.tests.count) passed) when the tests' process was killed as it exited: "
                    + crash.describe(signal: signal) + trapDetails(crash)
            }
        case .exited(let code) where !stream.runEnded || !stream.runnerCompleted:
            grade.status = .crashed
            if let loader = result.standardError.split(separator: "\n").first(where: { $0.contains("error while loading shared libraries") }) {
                grade.message = "the tests' program could not start (exit status \(code)): \(loader)"
            } else {
                // The runner exits only after its completion record: without it, the process ended
                // early (an exit() in the code under test) or its records were kept back (code in
                // the process can read the results channel, measured) — which, nothing here tells.
                grade.message = "the tests' process exited early (exit status \(code)) before the end of the run reached the grader\(unfinished): "
                    + "it was ended by an exit() while the tests ran, or the runner's records were kept back" + trapDetails(crash)
            }
        case .exited:
            if grade.tests.isEmpty {
                grade.status = .failed
                grade.message = "no tests ran: the suite \(exercise.suiteName ?? "?") was not found in \(exercise.testsFile ?? "the tests")"
            } else if grade.tests.contains(where: { $0.status != .pass }) {
                grade.status = .failed
                let count = grade.tests.filter { $0.status != .pass }.count
                grade.message = "\(count) of \(grade.tests.count) test\(grade.tests.count == 1 ? "" : "s") failed"
            } else {
                grade.status = .passed
                grade.message = ""
            }
        }
        applySandboxFindings(&grade, result: result, stream: stream)
        if grade.outputTruncated {
            grade.message += grade.message.isEmpty ? "" : "\n"
            grade.message += "(the output passed the \(outputLimit / 1024) KiB limit; the rest was dropped)"
        }
        return grade
    }

    /// What only the sandbox and the results channel can tell, each established by a
    /// counter or a check: a limit the run went over, records the runner did not write.
    private func applySandboxFindings(_ grade: inout ExerciseGrade, result: ChildProcess.Result, stream: TestEventStream) {
        var notes: [String] = []
        if result.limitsReached.contains(.memory) {
            // Established by the runtime's own words; what came after (a hang in the crash
            // reporter, which has no memory left either) is not the learner's.
            grade.status = .crashed
            notes.append("The run went over a limit: " + LimitReached.memory.sentence(Interpretation.sandboxLimits) + ".")
        }
        if result.limitsReached.contains(.processes) {
            // Starting hundreds of processes is a fault even when the answers come out right.
            if grade.status == .passed { grade.status = .failed }
            notes.append("The kernel refused to start more: " + LimitReached.processes.sentence(Interpretation.sandboxLimits) + ".")
        }
        for full in [LimitReached.tmpSpace, .scratchSpace] where result.limitsReached.contains(full) {
            // Established by the sandbox's check of the folder after the run: no space left.
            if grade.status == .passed { grade.status = .failed }
            notes.append("The run went over a limit: " + full.sentence(Interpretation.sandboxLimits) + ".")
        }
        if let tampering = stream.tampering {
            // Established by the MACs and the numbers: whatever the tests said, this run is not graded.
            grade.status = .failed
            grade.tests = grade.tests.map { test in
                var test = test
                if test.status == .pass { test.status = .error }
                test.message = "not graded: the run's results were tampered with"
                return test
            }
            let note = "The results of this run were tampered with (the test runner numbers and signs every record it sends, "
                + "and only code running in the tests' process can touch them), so it is not graded: \(tampering)"
            // An exit is no cause of its own here (the filter may have kept back the runner's last
            // records); a time limit or a signal still is.
            if case .exited = result.termination { grade.message = note } else { grade.message = note + "\n" + grade.message }
        }
        guard !notes.isEmpty else { return }
        grade.message = ([grade.message] + notes).filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// What the CPU time tells about a hang, and nothing more: a process that burnt
    /// CPU was computing, one that used next to none was waiting. In between (a loop on
    /// a machine so busy it got little of a core) only the numbers are given. Time spent
    /// waiting for a processor (`processorWaitSeconds`, which the limit did not count) is
    /// neither: it is said apart and left out of the share.
    /// The share is taken from the figures as printed, so a reader who divides them gets the
    /// same answer (0.34 s in 3.06 s is 11%, but printed as 0.3 in 3.1 it reads as 9.7%).
    static func likelyCause(cpuSeconds: Double, wallSeconds: Double, processorWaitSeconds: Double = 0) -> String {
        let waited = (processorWaitSeconds * 10).rounded() / 10
        let cpu = (cpuSeconds * 10).rounded() / 10, wall = max(0, ((wallSeconds - processorWaitSeconds) * 10).rounded() / 10)
        var used = "It used \(String(format: "%.1f", cpu)) s of CPU in \(String(format: "%.1f", wall)) s"
        if waited > 0 {
            used += " (and \(String(format: "%.1f", waited)) s waiting for a processor, which the limit does not count)"
        }
        let share = wall > 0 ? cpu / wall : 0
        if share >= 0.1 {
            return used + ": it kept computing, as a loop or a recursion that never ends does."
        }
        // Idle only where it had the time to show it: a run that spent its limit waiting
        // for a processor used no CPU either.
        if share < 0.03, wall >= 0.5 {
            return used + ": it sat idle, waiting for something that never came "
                + "(a `sync` onto the serial queue it was running on, a semaphore never signalled, a completion handler never called)."
        }
        return used + "."
    }

    /// The chapter's graded files (the learner's, or a starter standing in for a missing one), as the report names them.
    private var learnerFiles: [CrashReport.LearnerFile] {
        submissions.compactMap { submission in
            guard let text = FileManager.default.contents(atPath: submission.file.path).map({ String(decoding: $0, as: UTF8.self) })
            else { return nil }
            return CrashReport.LearnerFile(displayPath: paths.displayPath(of: submission), declarations: Declarations(source: text),
                                           path: submission.file.standardizedFileURL.path)
        }
    }

    /// The tests that were running when the process ended: those that started and never
    /// ended. A suite's tests run in parallel, so several can be unfinished, and the first
    /// declared was named whichever crashed (measured: the wrong one, 3 runs of 3); the
    /// one whose function is on the crashed thread's stack is the one that crashed.
    static func running(_ stream: TestEventStream, frames: [CrashReport.Frame], suite: String?) -> [TestEventStream.TestRecord] {
        let unfinished = stream.unfinished
        guard unfinished.count > 1, let suite else { return unfinished }
        let onStack = unfinished.filter { record in
            let function = record.name.prefix { $0 != "(" }
            return frames.contains { $0.symbol.contains("\(suite).\(function)(") }
        }
        return onStack.count == 1 ? onStack : unfinished
    }

    /// What the outcomes read, read and parsed once per run rather than once per test
    /// (parsing the learner's file and the suite again for each failing test was about a
    /// fifth of the planted-mistake suite's own CPU time in a debug build, measured).
    private struct Parsed {
        /// Each test file's lines, by path.
        var lines: [String: [String]] = [:]
        /// Each test file's declarations, by path.
        var suites: [String: Declarations] = [:]
        /// The exercise's own file (nil when it could not be read), once `ownRead`.
        var own: OwnFile?
        var ownRead = false
    }

    private struct OwnFile {
        var submission: Submission
        var declarations: Declarations
        var lines: [String]
    }

    private func tests(
        from stream: TestEventStream, ended termination: ChildProcess.Termination, crashed: TestEventStream.TestRecord?
    ) -> [TestOutcome] {
        // Visible tests first, then hidden ones, each in file order.
        let records = stream.tests.sorted {
            (HiddenTests.isHidden($0.filePath) ? 1 : 0, $0.filePath, $0.line) < (HiddenTests.isHidden($1.filePath) ? 1 : 0, $1.filePath, $1.line)
        }
        var parsed = Parsed()
        return records.map { record in
            var outcome = outcome(of: record, stream: stream, ended: termination, crashed: crashed, parsed: &parsed)
            outcome.hidden = HiddenTests.isHidden(record.filePath)
            outcome.testID = record.id
            return outcome
        }
    }

    private func outcome(
        of record: TestEventStream.TestRecord, stream: TestEventStream, ended termination: ChildProcess.Termination,
        crashed: TestEventStream.TestRecord?, parsed: inout Parsed
    ) -> TestOutcome {
        if parsed.lines[record.filePath] == nil {
            let text = FileManager.default.contents(atPath: record.filePath).map { String(decoding: $0, as: UTF8.self) } ?? ""
            parsed.lines[record.filePath] = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let lines = parsed.lines[record.filePath] ?? []
        let code = Interpretation.testCode(lines: lines, from: record.line)
        if let issues = stream.issues[record.id], let issue = issues.first {
            // Every issue of the test, each with its own comment: the second often holds the reason.
            let message = issues.map { ([$0.message] + $0.details).joined(separator: "\n") }.joined(separator: "\n")
            let location = issue.line.map { SourceLocation(path: shortPath(issue.filePath ?? record.filePath), line: $0, column: issue.column ?? 1) }
            var outcome = TestOutcome(name: record.title, status: .fail, message: message, location: location, code: code)
            outcome.failedCode = issues.compactMap { issue in
                issue.line.map { Interpretation.statement(lines: lines, at: $0) }
            }.filter { !$0.isEmpty }.joined(separator: "\n")
            outcome.yourCode = pointers(testCode: code, testLines: lines, testFile: record.filePath, parsed: &parsed)
            return outcome
        }
        if stream.ended.contains(record.id) {
            return TestOutcome(name: record.title, status: .pass, code: code)
        }
        let why: String
        switch termination {
        case .timedOut: why = stream.started.contains(record.id) ? "it was still running at the time limit" : "it did not get to run before the time limit"
        default:
            if let crashed, crashed.id != record.id, stream.started.contains(record.id) {
                why = "it was still running when “\(crashed.title)” crashed the tests"
            } else {
                why = stream.started.contains(record.id) ? "the tests crashed while it ran" : "it did not run: the tests crashed first"
            }
        }
        var outcome = TestOutcome(name: record.title, status: .error, message: why, code: code)
        outcome.yourCode = pointers(testCode: code, testLines: lines, testFile: record.filePath, parsed: &parsed)
        return outcome
    }

    /// The statement at `line` of a test file (an `#expect` and all its arguments, up to
    /// where its parentheses close), numbered: `44 |     #expect(…`.
    static func statement(lines: [String], at line: Int) -> String {
        guard line >= 1, line <= lines.count else { return "" }
        var depth = 0
        var collected: [String] = []
        for (offset, text) in lines[(line - 1)...].prefix(12).enumerated() {
            collected.append("\(line + offset) | \(text)")
            for token in Declarations.codeLines(text).joined() {
                if token == "(" { depth += 1 }
                if token == ")" { depth -= 1 }
            }
            if depth <= 0 { break }
        }
        return collected.joined(separator: "\n")
    }

    /// The learner's declarations a test calls, in their file: the names the test's code
    /// (and the suite's helpers it calls) uses, found in the exercise's own file.
    private func pointers(testCode: String, testLines: [String], testFile: String, parsed: inout Parsed) -> [CodePointer] {
        if !parsed.ownRead {
            parsed.ownRead = true
            parsed.own = submissions.first(where: { $0.exercise == exercise.id }).flatMap { submission in
                FileManager.default.contents(atPath: submission.file.path).map { data in
                    let text = String(decoding: data, as: UTF8.self)
                    return OwnFile(submission: submission, declarations: Declarations(source: text),
                                   lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                }
            }
        }
        guard let ownFile = parsed.own else { return [] }
        let (submission, own, sourceLines) = (ownFile.submission, ownFile.declarations, ownFile.lines)
        if parsed.suites[testFile] == nil { parsed.suites[testFile] = Declarations(source: testLines.joined(separator: "\n")) }
        let suite = parsed.suites[testFile]!
        // A helper of the suite that the test calls: its body is part of what the test runs.
        var code = testCode
        for helper in suite.used(in: testCode) where helper.line <= testLines.count {
            code += "\n" + Interpretation.testCode(lines: testLines, from: helper.line)
        }
        var used = own.used(in: code)
        if used.isEmpty { used = own.used(in: testLines.joined(separator: "\n")) }
        let path = paths.displayPath(of: submission)
        // Types are named by their members when the test uses those; a bare type only when nothing else.
        let members = used.filter { $0.qualifiedName.contains(".") || !Declarations.isTypeName($0, in: own) }
        // Functions first: a test's `delay:` label matches a stored property as well as its
        // call of `cancel()` matches the function, and only the function's body runs (3.10's
        // emptied `cancel` was crowded out by three properties, issue 54).
        let ordered = (members.isEmpty ? used : members).enumerated().sorted { ($0.element.isFunction ? 0 : 1, $0.offset) < ($1.element.isFunction ? 0 : 1, $1.offset) }.map(\.element)
        var pointers = ordered.prefix(4).map {
            CodePointer(name: $0.qualifiedName, path: path, line: $0.line, excerpt: Interpretation.excerpt(lines: sourceLines, from: $0.line))
        }
        // What those declarations use from elsewhere in the file (a file-level `var` they
        // share), by its own line: a mistake there is outside every excerpt.
        let shownRanges = pointers.map { $0.line..<($0.line + ($0.excerpt?.split(separator: "\n").count ?? 1)) }
        let excerpts = pointers.compactMap(\.excerpt).joined(separator: "\n")
        for other in own.used(in: excerpts) where !shownRanges.contains(where: { $0.contains(other.line) })
            && !pointers.contains(where: { $0.name == other.qualifiedName }) && pointers.count < 6 {
            let text = other.line <= sourceLines.count ? sourceLines[other.line - 1] : ""
            pointers.append(CodePointer(name: other.qualifiedName, path: path, line: other.line, excerpt: "\(other.line) | \(text)"))
        }
        return pointers
    }

    /// A declaration's lines, numbered, from `line` to the brace that closes it (at most
    /// `limit` lines; a longer one ends with `…`).
    static func excerpt(lines: [String], from line: Int, limit: Int = 24) -> String? {
        let body = testCode(lines: lines, from: line).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !body.isEmpty, line >= 1 else { return nil }
        var shown = body.prefix(limit).enumerated().map { "\(line + $0.offset) | \($0.element)" }
        if body.count > limit { shown.append("…") }
        return shown.joined(separator: "\n")
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

    /// The trap's own line (`Ex3_Crash.swift:5: Fatal error: …`), pointed at the learner's
    /// file, then the frames of the crashed thread that are in the learner's files.
    private func trapDetails(_ crash: CrashReport) -> String {
        var text = ""
        if let line = crash.trapLine {
            var shown = line
            // `Module/File.swift:12: Fatal error: …` uses #fileID; name the learner's file instead.
            if let colon = line.firstIndex(of: ":") {
                let fileID = String(line[..<colon])
                let fileName = fileID.split(separator: "/").last.map(String.init) ?? fileID
                if let exercise = chapter.exercises.first(where: { $0.fileName == fileName }),
                   let submission = submissions.first(where: { $0.exercise == exercise.id }) {
                    shown = paths.displayPath(of: submission) + line[colon...]
                }
            }
            text += "\n" + shown
        }
        if crash.inDispatchSync {
            text += "\n(libdispatch stopped it inside `sync`: a `sync` onto the serial queue the code was already running on would wait for itself forever)"
        }
        if !crash.learnerFrames.isEmpty {
            text += "\nwhere it was, in your code (innermost first):\n" + crash.learnerFrames.map { "  " + $0 }.joined(separator: "\n")
        }
        return text
    }

    private func shortPath(_ path: String) -> String {
        path.hasPrefix("/") ? paths.workbook.displayPath(URL(fileURLWithPath: path)) : path
    }
}
