import Foundation
import Synchronization
import Testing
import WorkbookTestSupport
@testable import WorkbookSystem
@testable import WorkbookToolchain

@Suite("A child process")
struct ChildProcessTests {
    @Test("returns what the program printed and its exit status")
    func output() async throws {
        let result = try await run("/bin/sh", .init(arguments: ["-c", "echo out; echo err >&2; exit 3"]))
        #expect(result.termination == .exited(3))
        #expect(result.standardOutput == "out\n")
        #expect(result.standardError == "err\n")
        #expect(!result.outputTruncated)
    }

    @Test("is killed, with what it started, when it passes the time limit")
    func timeout() async throws {
        let result = try await run("/bin/sh", .init(arguments: ["-c", "echo started; sleep 30"], timeout: 5))
        #expect(result.termination == .timedOut(seconds: 5))
        #expect(result.standardOutput == "started\n")
    }

    @Test("keeps only the first bytes of endless output and says so")
    func outputCap() async throws {
        let result = try await run("/bin/sh", .init(arguments: ["-c", "yes line | head -c 3000000"], outputLimit: 1000))
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.utf8.count == 1000)
        #expect(result.outputTruncated)
    }

    @Test("does not wait for a background process the child leaves running")
    func leftoverChildIsKilled() async throws {
        let result = try await run("/bin/sh", .init(arguments: ["-c", "sleep 30 & echo done"], timeout: 20))
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == "done\n")
    }

    @Test("reports the signal that ended the program")
    func signal() async throws {
        let result = try await run("/bin/sh", .init(arguments: ["-c", "kill -SEGV $$"]))
        #expect(result.termination == .signaled(SIGSEGV))
        #expect(result.termination.description.contains("SIGSEGV"))
    }

    @Test("runs in the folder it is given")
    func workingDirectory() async throws {
        let result = try await run("/bin/pwd", .init(workingDirectory: "/tmp"))
        #expect(result.standardOutput == "/tmp\n")
    }

    @Test("inherits none of our open files but its standard input, output and error")
    func noStrayFiles() async throws {
        // Opened without close-on-exec, as Foundation opens a file it writes.
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let result = try await run("/bin/sh", .init(arguments: ["-c", "test -e /proc/self/fd/\(descriptor) && echo open || echo closed"]))
        #expect(result.standardOutput == "closed\n")
    }

    @Test("throws when the program does not exist")
    func missingProgram() {
        #expect(throws: ChildProcess.LaunchError.self) {
            try ChildProcess.run("/no/such/program")
        }
    }

    /// `ChildProcess.run` off the shared pool: it blocks while the child runs.
    func run(_ executable: String, _ options: ChildProcess.Options = .init()) async throws -> ChildProcess.Result {
        try await onOwnThread { try ChildProcess.run(executable, options) }
    }
}

@Suite("The content hash")
struct ContentHashTests {
    @Test("differs when the parts are split differently")
    func separators() {
        #expect(ContentHash.of(["ab", "c"]) != ContentHash.of(["a", "bc"]))
        #expect(ContentHash.of(["ab", "c"]) == ContentHash.of(["ab", "c"]))
        #expect(ContentHash.of([]).count == 32)
    }
}

@Suite("The module builder", .tags(.compiles, .backend))
struct ModuleBuilderTests {
    @Test("compiles a module once, links a program against it, and reuses it")
    func buildAndReuse() async throws {
        try await onOwnThread { try buildAndReuseBody() }
    }

    func buildAndReuseBody() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-module-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("Greeting.swift")
        try "public func greeting() -> String { \"hello from a module\" }\n".write(to: source, atomically: true, encoding: .utf8)
        let builder = ModuleBuilder(toolchain: try SwiftToolchain.forTests(), cacheFolder: folder.appendingPathComponent("cache"))
        let module = try builder.build(name: "Greeting", sources: [source])
        let again = try builder.build(name: "Greeting", sources: [source])
        #expect(module == again)

        let main = folder.appendingPathComponent("main.swift")
        try "import Greeting\nprint(greeting())\n".write(to: main, atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("program").path
        let compile = try builder.toolchain.compile(
            SwiftToolchain.languageFlags + module.compilerFlags + module.linkerFlags + [main.path, "-o", program])
        #expect(compile.termination.isSuccess, "\(compile.standardError)")
        let run = try ChildProcess.run(program)
        #expect(run.standardOutput == "hello from a module\n")

        try "public func greeting() -> String { \"changed\" }\n".write(to: source, atomically: true, encoding: .utf8)
        #expect(try builder.build(name: "Greeting", sources: [source]).key != module.key)
    }

    @Test("reports the compiler's diagnostics when a module does not compile")
    func failure() async throws {
        try await onOwnThread { try failureBody() }
    }

    func failureBody() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-module-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("Broken.swift")
        try "public func broken() -> Int { \"not a number\" }\n".write(to: source, atomically: true, encoding: .utf8)
        let builder = ModuleBuilder(toolchain: try SwiftToolchain.forTests(), cacheFolder: folder)
        let error = #expect(throws: ModuleBuilder.BuildFailure.self) {
            try builder.build(name: "Broken", sources: [source])
        }
        #expect(error?.diagnostics.contains("Broken.swift:1:") == true)
    }
}

@Suite("Children started at the same time")
struct ConcurrentChildProcessTests {
    @Test("do not hold each other's output open: quick children end while slow ones run")
    func independentPipes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-pipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let release = folder.appendingPathComponent("release").path
        let quick = DispatchGroup(), slow = DispatchGroup()
        let quickDone = Mutex(0), slowDone = Mutex(0)
        for index in 0..<64 {
            let isSlow = index.isMultiple(of: 2)
            let group = isSlow ? slow : quick
            group.enter()
            // Threads of their own: 64 blocked GCD workers would starve other tests' queues.
            Thread {
                defer { group.leave() }
                if isSlow {
                    // Runs until the test releases it (or, if the test breaks, its limit: 600 s, since
                    // 30 s ran out while 32 quick children took 55 s on a machine at load 30).
                    // Looks every 0.25 s: at 0.02 s the 32 of them started 30,000 `sleep`s in a
                    // `make test` (500 of them cost 0.74 s of CPU), slowing the quick children.
                    _ = try? ChildProcess.run("/bin/sh", .init(
                        arguments: ["-c", "while [ ! -e '\(release)' ]; do sleep 0.25; done"], timeout: 600))
                    slowDone.withLock { $0 += 1 }
                } else if (try? ChildProcess.run("/bin/echo", .init(arguments: ["hi"])))?.standardOutput == "hi\n" {
                    quickDone.withLock { $0 += 1 }
                }
            }.start()
        }
        // A quick child that had inherited a slow one's pipe could not end before the release.
        await withCheckedContinuation { continuation in quick.notify(queue: .global()) { continuation.resume() } }
        #expect(quickDone.withLock { $0 } == 32)
        #expect(slowDone.withLock { $0 } == 0, "the slow children ended before they were released")
        _ = FileManager.default.createFile(atPath: release, contents: Data())
        await withCheckedContinuation { continuation in slow.notify(queue: .global()) { continuation.resume() } }
        #expect(slowDone.withLock { $0 } == 32)
    }
}

@Suite("Locating the toolchain with a version cache")
struct ToolchainVersionCacheTests {
    @Test("asks swiftc its version once, then reads it from the cache")
    func versionCache() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("wb-version-\(UUID().uuidString)/version")
        defer { try? FileManager.default.removeItem(at: cache.deletingLastPathComponent()) }
        let (asked, direct) = try await onOwnThread { (try SwiftToolchain.locate(host: .forTests, versionCache: cache), try SwiftToolchain.forTests()) }
        #expect(asked.version == direct.version)
        let stored = try String(contentsOf: cache, encoding: .utf8)
        try stored.replacingOccurrences(of: asked.version, with: "remembered").write(to: cache, atomically: true, encoding: .utf8)
        #expect(try await onOwnThread { try SwiftToolchain.locate(host: .forTests, versionCache: cache) }.version == "remembered")
    }
}

@Suite("The compiler driver, run by the workbook", .tags(.compiles))
struct DriverTemporaryFolderTests {
    @Test("gets a temporary folder of its own, removed afterwards with what the driver left in it")
    func noTemporaryDirectoryLeft() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-driver-tmp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // A stand-in that does what swiftc does for a single job: it makes a
        // TemporaryDirectory.* in $TMPDIR and never removes it (it execs the frontend).
        let driver = folder.appendingPathComponent("swiftc")
        let seen = folder.appendingPathComponent("tmpdir.txt")
        try "#!/bin/sh\nmkdir \"$TMPDIR/TemporaryDirectory.stand-in\" && printf %s \"$TMPDIR\" > \(seen.path)\n"
            .write(to: driver, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: driver.path)
        let standIn = SwiftToolchain(swiftc: driver.path, version: "stand-in", host: .forTests)
        let result: ChildProcess.Result = try await onOwnThread {
            try standIn.compile(["-c", "One.swift"], workingDirectory: folder.path, temporaryFolder: temporary)
        }
        #expect(result.termination.isSuccess, "\(result.standardError)")
        let used = try String(contentsOf: seen, encoding: .utf8)
        #expect(used.hasPrefix(temporary.path + "/"), "the driver's TMPDIR was \(used)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)

        // And the real driver still compiles with it.
        let source = folder.appendingPathComponent("One.swift")
        try "func one() -> Int { 1 }\n".write(to: source, atomically: true, encoding: .utf8)
        let toolchain = try SwiftToolchain.forTests()
        let real: ChildProcess.Result = try await onOwnThread {
            try toolchain.compile(["-parse-as-library", "-module-name", "One", "-c", source.path, "-o", folder.appendingPathComponent("One.o").path],
                                  workingDirectory: folder.path, temporaryFolder: temporary)
        }
        #expect(real.termination.isSuccess, "\(real.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("One.o").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }
}

@Suite("The type checker's limit for the repair probe's schemas", .tags(.compiles))
struct SolverScopeLimitTests {
    @Test("is passed from Swift 6.2 on, by the version swiftc states, and never to an older or unknown one",
          arguments: [
              ("Swift version 6.3.1 (swift-6.3.1-RELEASE)", true),
              ("Apple Swift version 6.2 (swiftlang-6.2.0.19.9 clang-1700.3.19.1)", true),
              ("Swift version 7.0-dev (LLVM 1, Swift 2)", true),
              ("Swift version 6.1.2 (swift-6.1.2-RELEASE)", false),
              ("Swift version 6.0 (swift-6.0-RELEASE)", false),
              ("stand-in", false),
          ])
    func byVersion(version: String, passed: Bool) {
        let toolchain = SwiftToolchain(swiftc: "/nonexistent/swiftc", version: version, host: .forTests)
        #expect(toolchain.solverScopeFlags(100_000) == (passed ? ["-Xfrontend", "-solver-scope-threshold=100000"] : nil))
    }

    /// This toolchain takes the flag (a compile that refused it would fail every schema),
    /// and the flag takes effect: at one scope, an expression with a choice is refused.
    @Test("is taken by this toolchain's compiler, and stops the type checker at its limit")
    func takesEffect() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-solver-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("Schema.swift")
        try "func on(_ n: Int) -> Bool { n == 2 }\nfunc pick(_ a: [Int]) -> Int? { on(1) ? a.first : on(2) ? a.last : a.min() }\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let toolchain = try SwiftToolchain.forTests()
        let flags = try #require(toolchain.solverScopeFlags(100_000), "this toolchain (\(toolchain.version)) gets no limit")
        let typecheck: @Sendable ([String]) throws -> ChildProcess.Result = { flags in
            try toolchain.compile(["-typecheck", "-parse-as-library"] + flags + [source.path], workingDirectory: folder.path, temporaryFolder: folder)
        }
        let ordinary: ChildProcess.Result = try await onOwnThread { try typecheck(flags) }
        #expect(ordinary.termination.isSuccess, "\(ordinary.standardError)")
        let starved: ChildProcess.Result = try await onOwnThread { try typecheck(toolchain.solverScopeFlags(1) ?? []) }
        #expect(!starved.termination.isSuccess)
        #expect(starved.standardError.contains("unable to type-check this expression in reasonable time"), "\(starved.standardError)")
    }
}
