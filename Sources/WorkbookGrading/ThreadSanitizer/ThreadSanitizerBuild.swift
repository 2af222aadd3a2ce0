import Foundation
import WorkbookModel
import WorkbookRunning
import WorkbookSystem
import WorkbookToolchain

/// A race exercise's second build: its learner file with the chapter's support files as
/// the chapter's module, its tests and the runner's `main`, and the runner linked, all
/// with `-sanitize=thread` (TSan instruments only what it compiles: the tests' reads
/// must be instrumented as much as the learner's writes). The rest of the chapter is
/// left out, so the build is three compiles of a few files; it is cached by everything
/// it is made from, so an unchanged file is never built again.
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

        var key = ContentHash()
        key.combine("tsan-runner-v2")  // v2: the suppressions file beside the runner
        key.combine(toolchain.version)
        key.combine(RunnerEntryPoint.source)
        for flag in Self.flags { key.combine(flag) }
        for dependency in dependencies { key.combine(dependency.key) }
        for source in sources {
            key.combine(source.path)
            key.combine(FileManager.default.contents(atPath: source.path) ?? Data())
        }
        for name in testFiles {
            key.combine(name)
            key.combine(FileManager.default.contents(atPath: workbook.url(name).path) ?? Data())
        }
        let entry = CacheEntry(CacheFolder.runners.url(in: cache).appendingPathComponent("\(moduleName)-tsan-\(key.hex)"), product: "runner")
        let built = try entry.build { scratch in
            try make(in: scratch, sources: sources, testFiles: testFiles, dependencies: dependencies)
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

    private func make(in scratch: URL, sources: [URL], testFiles: [String], dependencies: [ModuleBuilder.BuiltModule]) throws -> BuildResult<Void> {
        let dependencyFlags = dependencies.flatMap(\.compilerFlags)
        func compile(_ arguments: [String]) throws -> BuildResult<Void> {
            let result = try toolchain.compile(arguments, workingDirectory: workbook.root.path)
            return result.termination.isSuccess ? .success(()) : .failure(CompilerDiagnostics(result.standardError + result.standardOutput))
        }
        try AtomicFile.write(Self.suppressions, to: scratch.appendingPathComponent(Self.suppressionsName))
        // The module: one object, its interface beside it for the tests.
        let interface = scratch.appendingPathComponent("module", isDirectory: true)
        try FileManager.default.createDirectory(at: interface, withIntermediateDirectories: true)
        let moduleObject = scratch.appendingPathComponent("\(moduleName).o")
        let module = try compile(Self.flags + ["-parse-as-library", "-module-name", moduleName, "-wmo", "-c", "-o", moduleObject.path,
                                               "-emit-module", "-emit-module-path", interface.appendingPathComponent("\(moduleName).swiftmodule").path]
                                 + dependencyFlags + sources.map(\.path))
        guard case .success = module else { return module }
        // The tests and the runner's main, as one module (`RunnerMainObject.flags`).
        let main = scratch.appendingPathComponent("WorkbookRunnerMain.swift")
        try AtomicFile.write(RunnerEntryPoint.source, to: main)
        let testsObject = scratch.appendingPathComponent("tests.o")
        let tests = try compile(Self.flags + ["-parse-as-library", "-module-name", RunnerEntryPoint.moduleName, "-wmo", "-c", "-o", testsObject.path,
                                              "-I", interface.path] + dependencyFlags + testFiles + [main.path])
        guard case .success = tests else { return tests }
        // Linked as `TestRunnerLinker`'s static runner is: objects, then the support archives.
        return try compile(Self.flags + [testsObject.path, moduleObject.path] + dependencies.reversed().map(\.archive.path)
                           + ["-o", scratch.appendingPathComponent("runner").path])
    }
}
