import Foundation
import WorkbookSystem

/// What the Thread Sanitizer wrote on standard error, read for the learner: each warning
/// by its kind, and for a data race its two accesses with the frames that are in the
/// learner's files. A race is named only where TSan's own headline says "data race"; a
/// thread leak or a lock-order inversion is named as what it is, and a sanitizer that
/// could not run is said so, never read as a verdict on the learner's code.
///
/// Its format (compiler-rt's `tsan_report.cpp`, as swiftc 6.3.1 links it):
///
///     WARNING: ThreadSanitizer: data race (pid=17174)
///       Read of size 8 at 0x720800000050 by main thread:
///         #0 main /tmp/racelab/racy2.swift:13:17 (racy2+0xfc975) (BuildId: ea7e…)
///
///       Previous write of size 8 at 0x720800000050 by thread T1:
///         #0 $s5racy2yyYbcfU_ /tmp/racelab/racy2.swift:9:21 (racy2+0xfc4f7) (BuildId: ea7e…)
package struct ThreadSanitizerReport: Equatable, Sendable {
    /// One access of a race: what it did ("Read", "Write", "Atomic write"), by whom
    /// ("main thread", "thread T1"), and its stack, innermost first, as TSan printed it.
    package struct Access: Equatable, Sendable {
        package var operation: String
        package var thread: String
        package var frames: [String]
    }

    package enum Warning: Equatable, Sendable {
        /// `current` is the access TSan caught; `previous` the earlier one it was not ordered after.
        case dataRace(current: Access, previous: Access)
        /// Any other warning, by TSan's own name for it ("thread leak",
        /// "lock-order-inversion (potential deadlock)"), with every frame of its report.
        case other(kind: String, frames: [String])
    }

    package var warnings: [Warning] = []
    /// The runtime's own failure line ("ThreadSanitizer setrlimit() failed 22",
    /// "ThreadSanitizer: CHECK failed: …"): the sanitizer could not run the program.
    package var runtimeFailure: String?
    /// TSan's line when it ended the run at its memory cap ("ThreadSanitizer: hard rss
    /// limit exhausted (1024Mb vs 1100Mb)"): the program used more than it may.
    package var memoryExhausted: String?

    package init(standardError: String) {
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if memoryExhausted == nil, line.contains("ThreadSanitizer: hard rss limit exhausted") {
                memoryExhausted = line.trimmingCharacters(in: .whitespaces)
                continue
            }
            if runtimeFailure == nil, Self.isRuntimeFailure(line) {
                runtimeFailure = line.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard line.hasPrefix(Self.warningPrefix) else { continue }
            // "data race (pid=17174)" → "data race"
            var kind = String(line.dropFirst(Self.warningPrefix.count))
            if let pid = kind.range(of: " (pid=") { kind = String(kind[..<pid.lowerBound]) }
            // The warning's body runs to its closing "SUMMARY:" or "=====" line.
            var body: [String] = []
            while index < lines.count, !lines[index].hasPrefix("SUMMARY: ThreadSanitizer"), !lines[index].hasPrefix("=================="),
                  !lines[index].hasPrefix(Self.warningPrefix) {
                body.append(lines[index])
                index += 1
            }
            if kind == "data race", let race = Self.race(body) {
                warnings.append(race)
            } else {
                warnings.append(.other(kind: kind, frames: body.compactMap(Self.frame)))
            }
        }
    }

    static let warningPrefix = "WARNING: ThreadSanitizer: "

    /// What a race exercise is compiled with, beside the line tables every learner module
    /// has (`CrashReport.moduleFlags`; with `-gnone` TSan names no line, measured).
    package static let compilerFlags = ["-sanitize=thread"]

    /// `TSAN_OPTIONS` for such a run: no 1 s sleep at exit (TSan's default, measured: a
    /// racy 0.2 s program took 1.3 s), every report printed (not only the first), and
    /// exit status 66 when there was one. And the sandbox's memory limit as TSan's own
    /// resident-memory cap (`hard_rss_limit_mb`, checked every 100 ms by its background
    /// thread): no per-process cap can hold a TSan run (`SandboxLimits.threadSanitizer`),
    /// and without a memory cgroup this is the one it has (measured: 343 MB allocated
    /// under a 300 MB cap ended with exit 66 and "hard rss limit exhausted").
    package static var runtimeOptions: String {
        "atexit_sleep_ms=0:halt_on_error=0:exitcode=66:print_suppressions=0:hard_rss_limit_mb=\(memoryLimitMiB)"
    }

    /// The cap `runtimeOptions` gives TSan, in MiB: the sandbox's memory limit.
    package static let memoryLimitMiB = SandboxLimits().memoryLimit >> 20

    /// The lines the runtime prints when it fails itself: "setrlimit() failed" (under
    /// RLIMIT_AS, before `main`, measured), "CHECK failed" (measured: when the Swift
    /// backtracer handled a trap in the same process), and compiler-rt's other fatal
    /// words. Not its report of a crash in the program ("ERROR: ThreadSanitizer: SEGV on
    /// unknown address"), which is the program's own.
    static func isRuntimeFailure(_ line: String) -> Bool {
        if line.contains("on unknown address") || line.contains("DEADLYSIGNAL") || line.contains("stack-overflow") { return false }
        return line.contains("ThreadSanitizer setrlimit() failed") || line.contains("ThreadSanitizer: CHECK failed")
            || line.contains("FATAL: ThreadSanitizer") || line.contains("ERROR: ThreadSanitizer")
    }

    /// The first two access sections of a race's body: the one caught, then "Previous …".
    private static func race(_ body: [String]) -> Warning? {
        var accesses: [Access] = []
        for line in body {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let access = accessHeader(trimmed) {
                if accesses.count == 2 { break }
                accesses.append(access)
            } else if let frame = frame(line), !accesses.isEmpty, accesses.count <= 2 {
                accesses[accesses.count - 1].frames.append(frame)
            } else if !trimmed.isEmpty, !accesses.isEmpty, !trimmed.hasPrefix("#") {
                // "As if synchronized via sleep:", "Location is heap block …", "Thread T1 … created by": not an access.
                if accesses.count == 2 { break }
            }
        }
        guard accesses.count == 2 else { return nil }
        return .dataRace(current: accesses[0], previous: accesses[1])
    }

    /// "Read of size 8 at 0x… by main thread:", "Previous atomic write of size 8 at 0x… by
    /// thread T2 (mutexes: write M0):" → the operation and the thread.
    private static func accessHeader(_ line: String) -> Access? {
        guard line.hasSuffix(":"), let size = line.range(of: " of size "), let by = line.range(of: " by ") else { return nil }
        var operation = String(line[..<size.lowerBound])
        if operation.hasPrefix("Previous ") { operation = String(operation.dropFirst("Previous ".count)) }
        guard ["read", "write", "atomic read", "atomic write"].contains(operation.lowercased()) else { return nil }
        var thread = String(line[by.upperBound...].dropLast())
        if let mutexes = thread.range(of: " (mutexes:") { thread = String(thread[..<mutexes.lowerBound]) }
        return Access(operation: operation.lowercased(), thread: thread, frames: [])
    }

    /// "    #0 main /path/File.swift:13:17 (racy2+0xfc975) (BuildId: …)" → everything after "#0 ".
    private static func frame(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("#"), let space = trimmed.firstIndex(of: " "), Int(trimmed[trimmed.index(after: trimmed.startIndex)..<space]) != nil
        else { return nil }
        return String(trimmed[trimmed.index(after: space)...])
    }

    /// Where a learner's file is: the path the line tables name it by, and how the learner is shown it.
    package struct LearnerFile: Equatable, Sendable {
        package var path: String
        package var displayPath: String

        package init(path: String, displayPath: String) {
            self.path = path
            self.displayPath = displayPath
        }
    }

    /// `display:line` of the innermost frame in one of `files`, or nil.
    static func learnerLocation(_ frames: [String], in files: [LearnerFile]) -> String? {
        for frame in frames {
            for file in files {
                guard let found = frame.range(of: " \(file.path):") else { continue }
                let line = frame[found.upperBound...].prefix { $0.isNumber }
                if !line.isEmpty { return "\(file.displayPath):\(line)" }
            }
        }
        return nil
    }

    /// Whether a frame is in one of `testsFiles` (root-relative, as the tests are compiled).
    static func inTests(_ frames: [String], _ testsFiles: [String]) -> Bool {
        frames.contains { frame in testsFiles.contains { frame.contains("/\($0):") || frame.contains(" \($0):") } }
    }

    /// One sentence for each warning, naming only lines of the learner's `files` (the
    /// rest of a stack is the runtime's, the tests' or libdispatch's); an access made by
    /// the exercise's `testsFiles` is said to be the tests', without its line.
    package func findings(learnerFiles files: [LearnerFile], testsFiles: [String] = []) -> [String] {
        var sentences: [String] = []
        for warning in warnings {
            let sentence: String
            switch warning {
            case .dataRace(let current, let previous):
                func said(_ access: Access) -> String {
                    let verb: String
                    switch access.operation {
                    case "write": verb = "written"
                    case "atomic write": verb = "written atomically"
                    case "atomic read": verb = "read atomically"
                    default: verb = "read"
                    }
                    let place = Self.learnerLocation(access.frames, in: files).map { "at \($0)" }
                        ?? (Self.inTests(access.frames, testsFiles) ? "by the exercise's tests" : "outside your file")
                    // TSan's thread numbers (T4, T7) change from run to run and name nothing the
                    // learner wrote; only the main thread is worth saying.
                    return "\(verb) \(place)" + (access.thread == "main thread" ? " on the main thread" : "")
                }
                // The earlier access first: that is the order they happened in.
                sentence = "Thread Sanitizer saw a data race: \(said(previous)), then \(said(current)), with nothing ordering the two"
            case .other(let kind, let frames):
                let place = Self.learnerLocation(frames, in: files).map { " at \($0)" } ?? ""
                sentence = "Thread Sanitizer reported a \(kind)\(place)"
            }
            if !sentences.contains(sentence) { sentences.append(sentence) }
        }
        return sentences
    }

    /// True when TSan saw a data race.
    package var sawDataRace: Bool {
        warnings.contains { if case .dataRace = $0 { true } else { false } }
    }
}
