import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookSystem
@testable import WorkbookToolchain

/// Issue 15: a hostile learner's code, graded. Chapter 3 of the grading fixture has one
/// attack per exercise; each must end with the right status and leave the workbook and
/// the process table as they were.
@Suite("Grading hostile code in the sandbox", .serialized, .tags(.compiles))
struct SandboxTests {
    static let sandboxOn = HostEnvironment.forTests.sandbox.isOn
    static let skipReason = Comment(rawValue: "the sandbox is off on this machine: \(HostEnvironment.forTests.sandbox.summary)")

    @Test("forged results, tampering, peeking, orphans, a fork bomb and a memory hog each end right and leave nothing behind",
          .enabled(if: sandboxOn, skipReason))
    func hostileChapter() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        try GradingFixture.installHostile(in: root)
        let watched = ["chapters", "Sources", "Tests", "exercises"].map { root.appendingPathComponent($0) }
        let before = watched.map(GradingFixture.snapshot)
        let workbook = try Workbook(root: root)
        var options = Grader.Options()
        // Long enough for the memory hog to reach its limit on a machine loaded by the
        // rest of the suite (at 4 s it once got 0.4 s of CPU); the fork bomb waits it out.
        options.timeout = 12
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() }, options: options)
        let chapter = try workbook.chapter("3")
        let grade = try await onOwnThread { try grader.grade(chapter) }
        let byNumber = Dictionary(uniqueKeysWithValues: grade.exercises.map { ($0.id.number, $0) })

        // 3.1 writes "passed" records to every descriptor and exits 0: not believed
        // (the channel's unsigned lines are tampering: ForgedResultsTests).
        let forgery = try #require(byNumber[1])
        #expect(forgery.status == .failed, "\(forgery.message)")
        #expect(forgery.message.contains("tampered with"), "\(forgery.message)")
        // 3.2 and 3.3 answer rightly only because the workbook is out of reach.
        #expect(byNumber[2]?.status == .passed, "\(byNumber[2]?.message ?? "")")
        #expect(byNumber[3]?.status == .passed, "the reference or the tests could be read: \(byNumber[3]?.message ?? "")")
        #expect(zip(watched, before).allSatisfy { GradingFixture.snapshot($0.0) == $0.1 }, "the learner's code changed the workbook")
        #expect(!FileManager.default.fileExists(atPath: workbook.stateFolder.appendingPathComponent("progress.json").path))
        // 3.4 leaves a chain of processes, one in a session of its own.
        #expect(byNumber[4]?.status == .passed)
        for marker in ["1000.123", "1000.456", "1000.789", "1000.321"] {
            #expect(GradingFixture.processes(matching: marker).isEmpty, "a process of the hostile code is still running: \(marker)")
        }
        // 3.5 starts processes until it cannot.
        let bomb = try #require(byNumber[5])
        #expect(bomb.status != .passed)
        if Cgroup.pidsRoot != nil {
            #expect(bomb.message.contains("processes and threads, the limit"), "\(bomb.message)")
            #expect(!bomb.message.contains("deadlock"), "a cause that was not established: \(bomb.message)")
        }
        // 3.6 allocates without end.
        let hog = try #require(byNumber[6])
        #expect(hog.status == .crashed, "\(hog.message)")
        #expect(hog.message.contains("MiB of memory (the limit)"), "\(hog.message)")
    }

    @Test("a child gets a private pipe on descriptor 3, and the sandbox hides the folders it is told to", .enabled(if: sandboxOn, skipReason))
    func channelAndHiding() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("wb-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: secret) }
        try "secret".write(to: secret.appendingPathComponent("answer.txt"), atomically: true, encoding: .utf8)
        var options = ChildProcess.Options(arguments: ["-c", "echo results >&3; cat \(secret.path)/answer.txt; touch \(secret.path)/x; echo done"])
        options.resultsChannel = true
        options.sandbox = SandboxPolicy(host: .forTests, hidden: [secret.path], writable: [])
        let result = try ChildProcess.run("/bin/sh", options)
        #expect(String(decoding: result.results, as: UTF8.self) == "results\n")
        #expect(!result.standardOutput.contains("secret"))
        #expect(result.standardOutput.contains("done"))
        #expect(!FileManager.default.fileExists(atPath: secret.appendingPathComponent("x").path))
        #expect(result.sandboxed)
    }

    @Test("without bubblewrap, or when told so, the sandbox is off and says why")
    func fallback() {
        let off = Sandbox.probe(environment: ["WORKBOOK_SANDBOX": "off", "PATH": "/usr/bin:/bin"])
        #expect(!off.isOn)
        #expect(off.summary.hasPrefix("sandbox: off — turned off by WORKBOOK_SANDBOX=off"))
        let missing = Sandbox.probe(environment: ["PATH": "/nonexistent"])
        #expect(missing.summary.contains("install bubblewrap"))
    }

    @Test("a signal through bubblewrap is still a signal", .enabled(if: sandboxOn, skipReason))
    func signals() throws {
        var options = ChildProcess.Options(arguments: ["-c", "kill -SEGV $$"])
        options.sandbox = SandboxPolicy(host: .forTests, hidden: [], writable: [])
        let result = try ChildProcess.run("/bin/sh", options)
        #expect(result.termination == .signaled(SIGSEGV))
    }
}
