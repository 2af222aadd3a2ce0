import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookSystem
@testable import WorkbookToolchain

/// bubblewrap can fail to set a run up (its own `bwrap: …` line, exit 1) before any of the
/// learner's code runs. Such a run is tried once more; twice in a row, it is no student's
/// crash: the command stops and says so, and nothing is cached. A bubblewrap of the test's
/// own, in front of the real one, fails when told to.
@Suite("A run the sandbox could not set up", .serialized, .tags(.compiles))
struct SandboxSetupFailureTests {
    static let sandboxOn = HostEnvironment.forTests.sandbox.isOn
    static let skipReason = Comment(rawValue: "the sandbox is off on this machine: \(HostEnvironment.forTests.sandbox.summary)")

    /// A `bwrap` that fails a run (not the probes, which run `/bin/true`) while `always`
    /// exists, and the first run after that once (`once` made); otherwise the real one.
    /// Its folders are open to nobody, whom root's bubblewrap may run as.
    struct FakeBubblewrap {
        let folder: URL
        let marks: URL
        var always: URL { marks.appendingPathComponent("always") }
        var once: URL { marks.appendingPathComponent("once") }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-fake-bwrap-\(UUID().uuidString)")
            marks = folder.appendingPathComponent("marks")
            try FileManager.default.createDirectory(at: marks, withIntermediateDirectories: true)
            let real = try #require(Sandbox.findExecutable("bwrap", environment: ProcessInfo.processInfo.environment))
            let script = """
            #!/bin/sh
            for last; do :; done
            if [ "$last" != /bin/true ]; then
              if [ -e '\(marks.path)/always' ] || mkdir '\(marks.path)/once' 2>/dev/null; then
                echo "bwrap: Can't mount proc on /newroot/proc: Device or resource busy" >&2
                exit 1
              fi
            fi
            exec '\(real)' "$@"
            """
            let bwrap = folder.appendingPathComponent("bwrap")
            try script.write(to: bwrap, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bwrap.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: marks.path)
        }

        /// The tests' environment with this `bwrap` first on the PATH; nothing remembered.
        var host: HostEnvironment {
            var variables = ProcessInfo.processInfo.environment
            variables["PATH"] = folder.path + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
            return HostEnvironment(variables: variables, probeMemo: nil)
        }
    }

    @Test("is said as bubblewrap's, not the learner's, and cached for no one; once, it is tried again and graded",
          .enabled(if: sandboxOn, skipReason))
    func failedSetUp() async throws {
        let fake = try FakeBubblewrap()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let workbook = try Workbook(root: root)
        let chapter = try workbook.chapter("1")
        _ = try GradingFixture.solve(chapter, in: workbook)
        let toolchain = try await onOwnThread { try SwiftToolchain.locate(host: fake.host, cacheFolder: workbook.cacheFolder) }
        let grader = Grader(workbook: workbook, toolchain: toolchain)

        #expect(FileManager.default.createFile(atPath: fake.always.path, contents: Data()))
        let error = try await onOwnThread { () throws -> WorkbookError? in
            do { _ = try grader.grade(chapter) } catch let error as WorkbookError { return error }
            return nil
        }
        #expect(error?.message.contains("bubblewrap failed: it could not set up a run of the tests, twice in a row: bwrap: Can't mount proc") == true,
                "\(String(describing: error))")
        let results = CacheFolder.exerciseResults.url(in: workbook.cacheFolder)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: results.path))?.filter { $0.hasSuffix(".json") } ?? [] == [],
                "a result the sandbox decided was cached")

        // One failure, then bubblewrap works: that run is tried again, and every exercise passes.
        try FileManager.default.removeItem(at: fake.always)
        try? FileManager.default.removeItem(at: fake.once)
        let grade = try await onOwnThread { try grader.grade(chapter) }
        #expect(FileManager.default.fileExists(atPath: fake.once.path), "the fake bubblewrap never failed")
        #expect(grade.allPassed, "\(grade.exercises.map { $0.message })")
    }

    @Test("is not taken from a program that prints bubblewrap's words once its results channel has a record",
          .enabled(if: sandboxOn, skipReason))
    func programCannotPoseAsBubblewrap() throws {
        var options = ChildProcess.Options(arguments: ["-c", "echo record >&3; echo 'bwrap: Can not mount' >&2; exit 1"])
        options.resultsChannel = true
        options.sandbox = SandboxPolicy(host: .forTests, hidden: [], writable: [])
        let posing = try ChildProcess.run("/bin/sh", options)
        #expect(posing.termination == .exited(1))
        #expect(posing.sandboxSetupFailure == nil)
        // Before any record, the same words are bubblewrap's as far as anyone can tell.
        options.arguments = ["-c", "echo 'bwrap: Can not mount' >&2; exit 1"]
        #expect(try ChildProcess.run("/bin/sh", options).sandboxSetupFailure == "bwrap: Can not mount")
    }
}
