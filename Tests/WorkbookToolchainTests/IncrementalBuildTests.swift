import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookToolchain
@testable import WorkbookSystem

@Suite("Splitting a printed command line into words")
struct CommandLineWordsTests {
    @Test("splits as a POSIX shell would, without expanding anything", arguments: zip(
        [
            "a b", "  a   b  ", "'a b' c", #""a \"b\"" c"#, #"a\ b"#, #""C:\dir""#, #""cost \$5""#, "''", "",
        ],
        [
            ["a", "b"], ["a", "b"], ["a b", "c"], [#"a "b""#, "c"], ["a b"], [#"C:\dir"#], ["cost $5"], [""], [],
        ]
    ))
    func splits(line: String, words: [String]) {
        #expect(CommandLineWords.split(line) == words)
    }

    @Test("refuses a line whose quote is never closed", arguments: ["'a b", #""a"#, #"a\"#])
    func unclosed(line: String) {
        #expect(CommandLineWords.split(line) == nil)
    }
}

@Suite("The compiler's jobs, started without the driver", .tags(.compiles))
struct DirectCommandsTests {
    @Test("marks the inputs, the module name and the outputs in a job line the driver printed")
    func template() throws {
        let line = "/usr/bin/swift-frontend -frontend -c -primary-file /p/A.swift /p/B.swift -target x86_64 "
            + "-file-compilation-dir /here -module-name Probe -supplementary-output-file-map /tmp/map -o A.o"
        let template = try #require(DirectCommands.frontendTemplate(line, primary: "/p/A.swift", other: "/p/B.swift", moduleName: "Probe"))
        #expect(template == [
            "/usr/bin/swift-frontend", "-frontend", "-c", "$INPUTS", "-target", "x86_64",
            "-file-compilation-dir", "$DIRECTORY", "-module-name", "$MODULE", "$OUTPUTS",
        ])
    }

    @Test("gives up on a line that is not a frontend job, or lacks one of the parts")
    func unexpectedShapes() {
        #expect(DirectCommands.frontendTemplate("/usr/bin/clang -c a.c -o a.o", primary: "a.c", other: "b.c", moduleName: "M") == nil)
        #expect(DirectCommands.frontendTemplate(
            "/usr/bin/swift-frontend -frontend -c -primary-file /p/A.swift /p/B.swift -o A.o",
            primary: "/p/A.swift", other: "/p/B.swift", moduleName: "Probe") == nil)
    }

    @Test("share files out in batches of neighbours, one per processor, three files at least", arguments: zip(
        [(6, 2), (7, 2), (1, 2), (2, 2), (9, 4), (0, 2)],
        [[[0, 1, 2], [3, 4, 5]], [[0, 1, 2, 3], [4, 5, 6]], [[0]], [[0, 1]], [[0, 1, 2], [3, 4, 5], [6, 7, 8]], []]
    ))
    func batches(files: (Int, Int), expected: [[Int]]) {
        #expect(DirectCommands.batches(of: files.0, processors: files.1) == expected)
    }

    @Test("are learnt from this toolchain and kept for the next run")
    func learnt() async throws {
        let cache = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        let commands = try #require(try await onOwnThread {
            DirectCommands.cached(toolchain: toolchain, flags: SwiftToolchain.languageFlags, cacheFolder: cache, backend: .direct)
        })
        #expect(commands.compile.first?.hasSuffix("swift-frontend") == true)
        #expect(commands.linker.first?.hasSuffix("lld") == true)
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("recipes").path)
        #expect(kept.count == 1)
        #expect(DirectCommands.cached(toolchain: toolchain, flags: SwiftToolchain.languageFlags, cacheFolder: cache, backend: .direct) == commands)
    }
}

@Suite("An incrementally built module", .tags(.compiles, .backend))
struct IncrementalModuleBuilderTests {
    /// A two-file module whose `Main` prints `total()`, built and linked as grading does.
    struct Probe {
        let folder: URL
        let builder: IncrementalModuleBuilder
        let commands: DirectCommands
        var a: URL { folder.appendingPathComponent("src/A.swift") }
        var b: URL { folder.appendingPathComponent("src/B.swift") }
        var main: URL { folder.appendingPathComponent("src/Main.swift") }

        init() throws {
            folder = try temporaryFolder()
            let toolchain = try SwiftToolchain.forTests()
            commands = try #require(DirectCommands.cached(toolchain: toolchain, flags: SwiftToolchain.languageFlags, cacheFolder: folder, backend: .direct))
            builder = IncrementalModuleBuilder(toolchain: toolchain, buildFolder: folder.appendingPathComponent("builds"), commands: commands)
            try FileManager.default.createDirectory(at: a.deletingLastPathComponent(), withIntermediateDirectories: true)
            try write("func base() -> Int { 1 }\n", to: a)
            try write("func total() -> Int { base() + 10 }\n", to: b)
            try write("@main struct Main { static func main() { print(total()) } }\n", to: main)
        }

        func write(_ text: String, to file: URL) throws {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        /// Builds, links and runs the program: the route taken, the files compiled, the output.
        func buildAndRun(wholeModuleDiagnostics: Bool = true) throws -> (IncrementalModuleBuilder.Built.Route, [String], String) {
            var builder = builder
            builder.diagnoseWholeModule = wholeModuleDiagnostics
            let built = try builder.build(name: "Probe", sources: [a, b, main], dependencies: [])
            defer { built.lock.release() }
            let program = folder.appendingPathComponent("program")
            let autolink = folder.appendingPathComponent("program.autolink")
            let inputs = built.objects.map(\.path)
            for command in [commands.extractAutolink(inputs: inputs, into: autolink),
                            commands.link(inputs: inputs, autolinkFile: autolink, output: program)] {
                let result = try ChildProcess.run(command[0], .init(arguments: Array(command.dropFirst()), timeout: 120))
                #expect(result.termination.isSuccess, "\(result.standardError)")
            }
            let output = try ChildProcess.run(program.path, .init(timeout: 30)).standardOutput
            return (built.route, built.compiled, output)
        }
    }

    @Test("compiles only the edited file when its declarations stand, and everything when they change")
    func routes() async throws {
        let probe = try await onOwnThread { try Probe() }
        defer { try? FileManager.default.removeItem(at: probe.folder) }
        let first = try await onOwnThread { try probe.buildAndRun() }
        #expect(first.0 == .wholeModule)
        #expect(first.2 == "11\n")
        let again = try await onOwnThread { try probe.buildAndRun() }
        #expect(again.0 == .unchanged)

        // A new body: one file compiled, and the program sees it.
        try probe.write("func base() -> Int { 2 }\n", to: probe.a)
        let body = try await onOwnThread { try probe.buildAndRun() }
        #expect(body.0 == .changedFiles)
        #expect(body.1 == ["A.swift"])
        #expect(body.2 == "12\n")

        // A new declaration: B leans on A's declarations, so the whole module is compiled.
        try probe.write("func base(_ step: Int = 3) -> Int { step }\n", to: probe.a)
        let signature = try await onOwnThread { try probe.buildAndRun() }
        #expect(signature.0 == .wholeModule)
        #expect(signature.2 == "13\n")
    }

    @Test("reports the compiler's diagnostics at the file's line, and keeps the last good build through a failure")
    func failure() async throws {
        let probe = try await onOwnThread { try Probe() }
        defer { try? FileManager.default.removeItem(at: probe.folder) }
        _ = try await onOwnThread { try probe.buildAndRun() }
        try probe.write("func base() -> Int {\n    \"one\"\n}\n", to: probe.a)
        let thrown = await #expect(throws: ModuleBuilder.BuildFailure.self) {
            try await onOwnThread { _ = try probe.buildAndRun() }
        }
        let diagnostics = CompilerDiagnostics(thrown?.diagnostics ?? "")
        #expect(diagnostics.filesWithErrors == [probe.a.path])
        #expect(diagnostics.entries.first?.line == 2)
        #expect(diagnostics.entries.filter { $0.severity == "error" }.count == 1, "\(diagnostics.allText)")

        // The failed whole-module build wrote nothing into the folder, so the fix is
        // compared with the last good build: one file compiled, no scratch left.
        try probe.write("func base() -> Int { 5 }\n", to: probe.a)
        let fixed = try await onOwnThread { try probe.buildAndRun() }
        #expect(fixed.0 == .changedFiles)
        #expect(fixed.1 == ["A.swift"])
        #expect(fixed.2 == "15\n")
        try expectNoScratch(in: probe)
    }

    @Test("can let a changed file's own errors stand, without compiling the whole module for the rest")
    func changedFilesDiagnostics() async throws {
        let probe = try await onOwnThread { try Probe() }
        defer { try? FileManager.default.removeItem(at: probe.folder) }
        _ = try await onOwnThread { try probe.buildAndRun() }
        // A's body breaks and its declaration changes: B, which calls base(), would fail too
        // in a whole build; with the changed file's diagnostics only A's error is reported.
        try probe.write("func base(_ step: Int) -> Int {\n    \"one\"\n}\n", to: probe.a)
        let whole = await #expect(throws: ModuleBuilder.BuildFailure.self) {
            try await onOwnThread { _ = try probe.buildAndRun() }
        }
        #expect(CompilerDiagnostics(whole?.diagnostics ?? "").filesWithErrors == [probe.a.path, probe.b.path])
        let own = await #expect(throws: ModuleBuilder.BuildFailure.self) {
            try await onOwnThread { _ = try probe.buildAndRun(wholeModuleDiagnostics: false) }
        }
        let diagnostics = CompilerDiagnostics(own?.diagnostics ?? "")
        #expect(diagnostics.filesWithErrors == [probe.a.path])
        #expect(diagnostics.entries.first { $0.severity == "error" }?.line == 2, "\(diagnostics.allText)")
        // Still the last good build behind it: A fixed, one file compiled.
        try probe.write("func base() -> Int { 7 }\n", to: probe.a)
        let fixed = try await onOwnThread { try probe.buildAndRun(wholeModuleDiagnostics: false) }
        #expect(fixed.0 == .changedFiles)
        #expect(fixed.2 == "17\n")
        try expectNoScratch(in: probe)
    }

    @Test("clears the scratch folder a killed build left in the module's folder, never a live process's")
    func staleScratch() async throws {
        let first = try await onOwnThread { try Probe() }
        defer { try? FileManager.default.removeItem(at: first.folder) }
        _ = try await onOwnThread { try first.buildAndRun() }
        // The module folder's name depends on the module, not on where the builds live.
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: first.folder.appendingPathComponent("builds").path).first)
        let probe = try await onOwnThread { try Probe() }
        defer { try? FileManager.default.removeItem(at: probe.folder) }
        let module = probe.folder.appendingPathComponent("builds/\(name)")
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = module.appendingPathComponent(".tmp-whole-\(gone.processIdentifier)")
        let live = module.appendingPathComponent(".tmp-changed-\(getpid())")
        for folder in [dead, live] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("half an object".utf8).write(to: folder.appendingPathComponent("A.o"))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: folder.path)
        }
        let built = try await onOwnThread { try probe.buildAndRun() }
        #expect(built.2 == "11\n")
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    private func expectNoScratch(in probe: Probe, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: probe.folder.appendingPathComponent("builds").path)
        for folder in folders {
            let left = try FileManager.default.contentsOfDirectory(atPath: probe.folder.appendingPathComponent("builds/\(folder)").path)
            #expect(left.filter { $0.hasPrefix(".") }.isEmpty, "\(left)", sourceLocation: sourceLocation)
        }
    }
}

@Suite("The libraries objects ask to be linked with")
struct AutolinkEntriesTests {
    @Test("are read from objects and archives as swift-autolink-extract reads them")
    func matchesTheTool() async throws {
        let probe = try await onOwnThread { try IncrementalModuleBuilderTests.Probe() }
        defer { try? FileManager.default.removeItem(at: probe.folder) }
        try probe.write("import Foundation\nfunc base() -> Int { Int(Date().timeIntervalSince1970 > 0 ? 1 : 0) }\n", to: probe.a)
        let objects = try await onOwnThread { () -> [URL] in
            let built = try probe.builder.build(name: "Probe", sources: [probe.a, probe.b, probe.main], dependencies: [])
            built.lock.release()
            return built.objects
        }
        let archive = probe.folder.appendingPathComponent("libProbe.a")
        let toolOutput = probe.folder.appendingPathComponent("tool.autolink")
        let command = probe.commands.extractAutolink(inputs: objects.map(\.path), into: toolOutput)
        let (archived, extracted) = try await onOwnThread {
            (try ChildProcess.run("/usr/bin/ar", .init(arguments: ["crs", archive.path] + objects.map(\.path))),
             try ChildProcess.run(command[0], .init(arguments: Array(command.dropFirst()))))
        }
        #expect(archived.termination.isSuccess)
        #expect(extracted.termination.isSuccess)
        let expected = try String(contentsOf: toolOutput, encoding: .utf8).split(separator: "\n").map(String.init)

        let fromObjects = try #require(AutolinkEntries.read(objects))
        #expect(Set(fromObjects) == Set(expected))
        #expect(fromObjects.contains("-lFoundation"))
        #expect(fromObjects.count == Set(fromObjects).count, "each library once")
        #expect(try #require(AutolinkEntries.read([archive])) == fromObjects)
    }

    @Test("are nothing for a file that is not an object, so the tool is asked instead")
    func notAnObject() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-an-object-\(UUID().uuidString).o")
        try "plain text".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(AutolinkEntries.read([file]) == nil)
        #expect(AutolinkEntries.read([URL(fileURLWithPath: "/no/such/file.o")]) == nil)
    }
}

private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-incremental-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.resolvingSymlinksInPath()
}
