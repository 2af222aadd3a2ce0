import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookModel
import WorkbookTestSupport
@testable import WorkbookSystem
import WorkbookToolchain

/// Issue 58's race lab, its feasibility kept as a test: a program built with
/// `-sanitize=thread` runs in the learner's sandbox, a racy store is reported at its
/// lines every time, the clean hop never is, and the sandbox's per-process address-space
/// cap (which TSan cannot run under) is lifted only for such a run. Two compiles of 25 lines (about 1 s of CPU) and seven runs.
@Suite("Thread Sanitizer in the sandbox", .serialized, .tags(.compiles))
struct ThreadSanitizerSandboxTests {
    static let runnable = HostEnvironment.forTests.sandbox.isOn
    static let skipReason = Comment(rawValue: "the sandbox is off on this machine: \(HostEnvironment.forTests.sandbox.summary)")

    /// The seed's hop: the inventory stored on the diner's queue (racy) or on the main
    /// queue (clean, with `clean` as argument), then read on the main thread, as a tap
    /// would. The main thread waits for the diner's queue with a relaxed atomic, which
    /// orders nothing: the racy store is then always before the read, and unordered with it.
    static let source = """
        import Foundation
        import Synchronization

        final class Store: @unchecked Sendable { var items: [String] = [] }

        let store = Store()
        let diner = DispatchQueue(label: "diner")
        let clean = CommandLine.arguments.count > 1
        diner.async {
            let items = ["Burger", "Fries"]
            if clean {
                DispatchQueue.main.async { store.items = items }
            } else {
                store.items = items  // RACY STORE
            }
        }
        let idle = Atomic<Bool>(false)
        diner.async { idle.store(true, ordering: .relaxed) }
        while !idle.load(ordering: .relaxed) { usleep(500) }
        print(store.items.count)  // TAP
        if clean {
            DispatchQueue.main.async { print(store.items.count); exit(0) }
            dispatchMain()
        }
        """

    static func line(of marker: String) -> Int {
        (source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(marker) } ?? -1) + 1
    }

    static func run(_ program: URL, _ arguments: [String], threadSanitizer: Bool) throws -> ChildProcess.Result {
        var options = ChildProcess.Options(arguments: arguments, environment: ["TSAN_OPTIONS": ThreadSanitizerReport.runtimeOptions], timeout: 30)
        var policy = SandboxPolicy(host: .forTests, hidden: [], readOnly: [program.deletingLastPathComponent().path], writable: [])
        policy.limits.threadSanitizer = threadSanitizer
        options.sandbox = policy
        return try ChildProcess.run(program.path, options)
    }

    @Test("only a Thread Sanitizer run goes without the per-process address-space cap")
    func addressSpaceCap() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "no prlimit here: no per-process cap at all")
        var policy = SandboxPolicy(host: .forTests, hidden: [], writable: [])
        let capped = Sandbox.launch("/bin/true", [], policy: policy, workingDirectory: nil)
        policy.limits.threadSanitizer = true
        let sanitized = Sandbox.launch("/bin/true", [], policy: policy, workingDirectory: nil)
        _ = capped.cgroup?.finish()
        _ = sanitized.cgroup?.finish()
        #expect(capped.arguments.contains("--as=\(policy.memoryLimit)"), "\(capped.arguments)")
        #expect(!sanitized.arguments.contains { $0.hasPrefix("--as=") }, "\(sanitized.arguments)")
    }

    @Test("a racy store is reported at its two lines on every run, the clean hop never, and a capped run is not called a race",
          .enabled(if: runnable, skipReason))
    func racyAndClean() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-tsan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Hop.swift")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("hop")
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        let built = try await onOwnThread {
            try toolchain.compile(CrashReport.moduleFlags + ThreadSanitizerReport.compilerFlags
                                  + [file.path, "-o", program.path])
        }
        try #require(built.termination.isSuccess, "\(built.standardError)")
        let learner = ThreadSanitizerReport.LearnerFile(path: file.path, displayPath: "Hop.swift")
        let expected = "Thread Sanitizer saw a data race: written at Hop.swift:\(Self.line(of: "RACY STORE")), "
            + "then read at Hop.swift:\(Self.line(of: "// TAP")) on the main thread, with nothing ordering the two"
        for _ in 0..<3 {
            let racy = try await onOwnThread { try Self.run(program, [], threadSanitizer: true) }
            #expect(racy.termination == .exited(66), "\(racy.termination): \(racy.standardError)")
            #expect(ThreadSanitizerReport(standardError: racy.standardError).findings(learnerFiles: [learner]) == [expected],
                    "\(racy.standardError)")
            let clean = try await onOwnThread { try Self.run(program, ["clean"], threadSanitizer: true) }
            #expect(clean.termination == .exited(0), "\(clean.termination): \(clean.standardError)")
            #expect(ThreadSanitizerReport(standardError: clean.standardError).warnings.isEmpty, "\(clean.standardError)")
        }
        // Under the usual per-process cap TSan cannot start: said as that, never as a race.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") {
            let capped = try await onOwnThread { try Self.run(program, [], threadSanitizer: false) }
            let report = ThreadSanitizerReport(standardError: capped.standardError)
            #expect(report.runtimeFailure?.contains("setrlimit") == true, "\(capped.standardError)")
            #expect(!report.sawDataRace)
        }
    }

    @Test("a Thread Sanitizer run that outgrows its memory cap is stopped and said so", .enabled(if: runnable, skipReason))
    func memoryCap() async throws {
        #expect(ThreadSanitizerReport.runtimeOptions.contains("hard_rss_limit_mb=\(SandboxLimits().memoryLimit >> 20)"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-tsan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Grow.swift")
        // 50 MB at a time, each byte written (so resident), to 600 MB.
        try "import Foundation\nvar kept: [[UInt8]] = []\nfor i in 0..<12 { kept.append([UInt8](repeating: UInt8(i + 1), count: 50 << 20)); usleep(150_000) }\nprint(kept.count)\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("grow")
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        let built = try await onOwnThread {
            try toolchain.compile(CrashReport.moduleFlags + ThreadSanitizerReport.compilerFlags + [file.path, "-o", program.path])
        }
        try #require(built.termination.isSuccess, "\(built.standardError)")
        // The grader's options with a cap of 200 MiB (a later flag wins), under the cgroup's 1 GiB.
        var options = ChildProcess.Options(arguments: [], environment: ["TSAN_OPTIONS": ThreadSanitizerReport.runtimeOptions + ":hard_rss_limit_mb=200"], timeout: 30)
        var policy = SandboxPolicy(host: .forTests, hidden: [], readOnly: [folder.path], writable: [])
        policy.limits.threadSanitizer = true
        options.sandbox = policy
        let capped = options
        let run = try await onOwnThread { try ChildProcess.run(program.path, capped) }
        #expect(run.termination == .exited(66), "\(run.termination): \(run.standardError.prefix(600))")
        let report = ThreadSanitizerReport(standardError: run.standardError)
        #expect(report.memoryExhausted?.contains("hard rss limit exhausted (200Mb") == true, "\(run.standardError.prefix(600))")
        #expect(!report.sawDataRace && report.runtimeFailure == nil)
        let graded = ThreadSanitizerVerdict.apply(report, to: ExerciseGrade(id: ExerciseID("3.13")!, title: "", status: .passed),
                                                  learnerFile: .init(path: file.path, displayPath: "Grow.swift"), testsFiles: [])
        #expect(graded.status == .crashed)
        #expect(graded.message.hasPrefix("under the Thread Sanitizer, the tests' process used more than \(ThreadSanitizerReport.memoryLimitMiB) MiB"))
    }
}
