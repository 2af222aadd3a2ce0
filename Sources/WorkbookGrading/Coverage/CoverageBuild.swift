import Foundation
import WorkbookModel
import WorkbookRunning
import WorkbookSystem
import WorkbookToolchain

/// The runner per-test coverage runs (`CoverageRuns`): as `ThreadSanitizerBuild` builds a
/// race exercise's, three compiles each cached by what it is made from — the exercise's
/// learner file with the chapter's support files as the chapter's module, compiled with
/// `-profile-generate -profile-coverage-mapping` (so each run writes its counters, and the
/// runner holds the map from counters to lines); the tests and the runner's `main`, not
/// instrumented (only the learner's lines are asked about); the link, with
/// `-profile-generate` for the profile runtime. The rest of the chapter is left out: an
/// exercise whose tests call another exercise's code does not build, and gets no coverage.
struct CoverageBuild {
    let toolchain: SwiftToolchain
    let workbook: Workbook
    let cache: URL
    let moduleName: String
    /// The chapter's exercises: their references are left out of the support files.
    let exercises: [Exercise]

    static let moduleFlags = CrashReport.moduleFlags + ["-profile-generate", "-profile-coverage-mapping"]
    static let testsFlags = CrashReport.moduleFlags
    static let linkFlags = CrashReport.moduleFlags + ["-profile-generate"]

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

        var moduleKey = ContentHash()
        moduleKey.combine("coverage-module-v1")
        moduleKey.combine(toolchain.version)
        for flag in Self.moduleFlags { moduleKey.combine(flag) }
        for dependency in dependencies { moduleKey.combine(dependency.key) }
        for source in sources {
            moduleKey.combine(source.path)
            moduleKey.combine(FileManager.default.contents(atPath: source.path) ?? Data())
        }
        let module = try product("\(moduleName)-coverage-module-\(moduleKey.hex)", Self.moduleObjectName) { scratch in
            try compile(Self.moduleFlags + ["-parse-as-library", "-module-name", moduleName, "-wmo", "-c",
                                            "-o", scratch.appendingPathComponent(Self.moduleObjectName).path,
                                            "-emit-module", "-emit-module-path", scratch.appendingPathComponent("\(moduleName).swiftmodule").path]
                        + dependencies.flatMap(\.compilerFlags) + sources.map(\.path))
        }
        guard case .success(let moduleObject) = module else { return module.map { TestRunner(executable: $0) } }
        let interface = moduleObject.deletingLastPathComponent().appendingPathComponent("\(moduleName).swiftmodule")

        // The tests' object, by the module's interface: an edit inside a function body keeps it.
        var testsKey = ContentHash()
        testsKey.combine("coverage-tests-v1")
        testsKey.combine(toolchain.version)
        testsKey.combine(RunnerEntryPoint.source)
        for flag in Self.testsFlags { testsKey.combine(flag) }
        for dependency in dependencies { testsKey.combine(dependency.key) }
        testsKey.combine(FileManager.default.contents(atPath: interface.path) ?? Data(moduleKey.hex.utf8))
        for name in testFiles {
            testsKey.combine(name)
            testsKey.combine(FileManager.default.contents(atPath: workbook.url(name).path) ?? Data())
        }
        let tests = try product("\(moduleName)-coverage-tests-\(testsKey.hex)", Self.testsObjectName) { scratch in
            let main = scratch.appendingPathComponent("WorkbookRunnerMain.swift")
            try AtomicFile.write(RunnerEntryPoint.source, to: main)
            defer { try? FileManager.default.removeItem(at: main) }
            return try compile(Self.testsFlags + ["-parse-as-library", "-module-name", RunnerEntryPoint.moduleName, "-wmo", "-c",
                                                  "-o", scratch.appendingPathComponent(Self.testsObjectName).path,
                                                  "-I", interface.deletingLastPathComponent().path]
                               + dependencies.flatMap(\.compilerFlags) + testFiles + [main.path])
        }
        guard case .success(let testsObject) = tests else { return tests.map { TestRunner(executable: $0) } }

        let built = try product("\(moduleName)-coverage-\(moduleKey.hex.prefix(16))-\(testsKey.hex.prefix(16))", "runner") { scratch in
            // Linked as `TestRunnerLinker`'s static runner is: objects, then the support archives.
            try compile(Self.linkFlags + [testsObject.path, moduleObject.path] + dependencies.reversed().map(\.archive.path)
                        + ["-o", scratch.appendingPathComponent("runner").path])
        }
        return built.map { TestRunner(executable: $0) }
    }

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
}
