import Foundation
import WorkbookModel
import WorkbookRunning
import WorkbookSystem
import WorkbookToolchain

/// A race exercise's second build: its learner file with the chapter's support files as
/// the chapter's module, its tests and the runner's `main`, and the runner linked, all
/// with `-sanitize=thread` (TSan instruments only what it compiles: the tests' reads
/// must be instrumented as much as the learner's writes). The rest of the chapter is
/// left out, so the build is three compiles of a few files, each cached by what it is
/// made from: 3 s of CPU cold for 3.13, 0.6 s after an edit inside a function body
/// (the tests' object kept), measured.
struct ThreadSanitizerBuild {
    let toolchain: SwiftToolchain
    let workbook: Workbook
    let cache: URL
    let moduleName: String
    /// The chapter's exercises: their references are left out of the support files.
    let exercises: [Exercise]

    /// Flags of every compile here: the workbook's own, line tables (TSan's report
    /// names `file:line` from them), the sanitizer.
    static let flags = CrashReport.moduleFlags + ThreadSanitizerReport.compilerFlags

    /// The runner for `exercise`'s tests built against `submission`, or what the compiler said.
    func runner(for exercise: Exercise, submission: Submission) throws -> BuildResult<TestRunner> {
        guard let testsFile = exercise.testsFile else { return .failure(CompilerDiagnostics("exercise \(exercise.id) has no tests file")) }
        let resolution = ImportableModules(root: workbook.root, builder: ModuleBuilder(toolchain: toolchain, cacheFolder: cache))
            .build(WorkbookLayout.supportModules)
        if let broken = WorkbookLayout.supportModules.first(where: { resolution.failures[$0] != nil }) {
            return .failure(CompilerDiagnostics("module \(broken) does not compile: \(resolution.failures[broken]!)"))
        }
        let dependencies = resolution.modules
        let references = Set(exercises.compactMap(\.referenceFile).map { workbook.url($0).standardizedFileURL.path })
        let sources = ModuleBuilder.sources(in: workbook.url(WorkbookLayout.moduleSources(moduleName)))
            .filter { !references.contains($0.standardizedFileURL.path) } + [submission.file]
        // Named relative to the root, as the chapter's tests are (`TestSourcePaths`).
        let testFiles = [testsFile, HiddenTests.file(forTests: testsFile)].compactMap { $0 }
            .filter { FileManager.default.fileExists(atPath: workbook.url($0).path) }

        // Three steps, each cached by what it is made from: the module; the tests' object,
        // by the module's interface (an edit inside a function body leaves it as it was, and
        // compiling the tests is 1 of the 2 s of CPU the three take, measured for 3.13); the link.
        var moduleKey = ContentHash()
        moduleKey.combine("tsan-module-v1")
        moduleKey.combine(toolchain.version)
        for flag in Self.flags { moduleKey.combine(flag) }
        for dependency in dependencies { moduleKey.combine(dependency.key) }
        for source in sources {
            moduleKey.combine(source.path)
            moduleKey.combine(FileManager.default.contents(atPath: source.path) ?? Data())
        }
        let module = try product("\(moduleName)-tsan-module-\(moduleKey.hex)", Self.moduleObjectName) { scratch in
            try compileModule(sources: sources, dependencies: dependencies, into: scratch)
        }
        guard case .success(let moduleObject) = module else { return module.map { TestRunner(executable: $0) } }
        let interface = moduleObject.deletingLastPathComponent().appendingPathComponent("\(moduleName).swiftmodule")

        var testsKey = ContentHash()
        testsKey.combine("tsan-tests-v1")
        testsKey.combine(toolchain.version)
        testsKey.combine(RunnerEntryPoint.source)
        for flag in Self.flags { testsKey.combine(flag) }
        for dependency in dependencies { testsKey.combine(dependency.key) }
        testsKey.combine(FileManager.default.contents(atPath: interface.path) ?? Data(moduleKey.hex.utf8))
        for name in testFiles {
            testsKey.combine(name)
            testsKey.combine(FileManager.default.contents(atPath: workbook.url(name).path) ?? Data())
        }
        let tests = try product("\(moduleName)-tsan-tests-\(testsKey.hex)", Self.testsObjectName) { scratch in
            try compileTests(testFiles, interfaceFolder: interface.deletingLastPathComponent(), dependencies: dependencies, into: scratch)
        }
        guard case .success(let testsObject) = tests else { return tests.map { TestRunner(executable: $0) } }

        let built = try product("\(moduleName)-tsan-\(moduleKey.hex.prefix(16))-\(testsKey.hex.prefix(16))", "runner") { scratch in
            try AtomicFile.write(Self.suppressions, to: scratch.appendingPathComponent(Self.suppressionsName))
            // Linked as `TestRunnerLinker`'s static runner is: objects, then the support archives.
            return try compile(Self.flags + [testsObject.path, moduleObject.path] + dependencies.reversed().map(\.archive.path)
                               + ["-o", scratch.appendingPathComponent("runner").path])
        }
        return built.map { runner in
            let suppressions = runner.deletingLastPathComponent().appendingPathComponent(Self.suppressionsName).path
            // No Swift backtracer: on a trap it and TSan's runtime both handled the signal,
            // and TSan failed ("CHECK failed: tsan_rtl.cpp:261", measured) instead of the
            // trap being reported; without it the runtime's "Fatal error" line is still there.
            return TestRunner(executable: runner, environment: ["TSAN_OPTIONS": ThreadSanitizerReport.runtimeOptions + ":suppressions=" + suppressions,
                                                                 "SWIFT_BACKTRACE": "enable=no"],
                              threadSanitizer: true)
        }
    }

    static let suppressionsName = "tsan-suppressions.txt"

    /// What TSan is told to keep quiet about: the runner's own results channel, never the
    /// learner's code (a suppression matches a report by a frame of its stacks, and no
    /// learner code runs inside the channel). The channel guards its state with
    /// `Synchronization.Mutex`, whose contended lock and unlock run in the runtime's
    /// uninstrumented library, so TSan misses the ordering they give: "Swift access race"
    /// in `WorkbookRunnerChannel.send` in 11 of 20 runs of a clean exercise (measured; a
    /// contended `Mutex` hammered by 8 threads was reported on every run too).
    static let suppressions = """
        race:WorkbookRunner0aB7Channel
        race:WorkbookRunnerChannel

        """

    static let moduleObjectName = "module.o"
    static let testsObjectName = "tests.o"

    /// `<runners>/<name>/<file>`, found or made in a scratch folder that becomes the entry.
    private func product(_ name: String, _ file: String, make: (URL) throws -> BuildResult<Void>) throws -> BuildResult<URL> {
        try CacheEntry(CacheFolder.runners.url(in: cache).appendingPathComponent(name), product: file).build(make)
    }

    private func compile(_ arguments: [String]) throws -> BuildResult<Void> {
        let result = try toolchain.compile(arguments, workingDirectory: workbook.root.path)
        return result.termination.isSuccess ? .success(()) : .failure(CompilerDiagnostics(result.standardError + result.standardOutput))
    }

    /// The module: one object, its interface beside it for the tests.
    private func compileModule(sources: [URL], dependencies: [ModuleBuilder.BuiltModule], into scratch: URL) throws -> BuildResult<Void> {
        try compile(Self.flags + ["-parse-as-library", "-module-name", moduleName, "-wmo", "-c", "-o", scratch.appendingPathComponent(Self.moduleObjectName).path,
                                  "-emit-module", "-emit-module-path", scratch.appendingPathComponent("\(moduleName).swiftmodule").path]
                    + dependencies.flatMap(\.compilerFlags) + sources.map(\.path))
    }

    /// The tests and the runner's main, as one module (`RunnerMainObject.flags`).
    private func compileTests(_ testFiles: [String], interfaceFolder: URL, dependencies: [ModuleBuilder.BuiltModule], into scratch: URL) throws -> BuildResult<Void> {
        let main = scratch.appendingPathComponent("WorkbookRunnerMain.swift")
        try AtomicFile.write(RunnerEntryPoint.source, to: main)
        defer { try? FileManager.default.removeItem(at: main) }
        return try compile(Self.flags + ["-parse-as-library", "-module-name", RunnerEntryPoint.moduleName, "-wmo", "-c",
                                         "-o", scratch.appendingPathComponent(Self.testsObjectName).path, "-I", interfaceFolder.path]
                           + dependencies.flatMap(\.compilerFlags) + testFiles + [main.path])
    }
}
