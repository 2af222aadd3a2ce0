import Foundation
import WorkbookModel
import WorkbookRunning
import WorkbookSystem
import WorkbookToolchain

/// A test runner for one exercise built with flags of its own (the Thread Sanitizer's, or
/// coverage's): its learner file with the chapter's support files as the chapter's
/// module, its tests and the runner's `main`, and the link — three compiles, each cached
/// under `runners/` by what it is made from. The rest of the chapter is left out, so the
/// build is three compiles of a few files: 3 s of CPU cold for 3.13, 0.6 s after an edit
/// inside a function body (the tests' object kept), measured. An exercise whose tests
/// call another exercise's code does not build this way.
struct InstrumentedRunnerBuild {
    /// The flags of each step, and what names its cache entries.
    struct Flavor {
        /// Starts every cache entry's name and key: `tsan`, `coverage`.
        var name: String
        var moduleFlags: [String]
        var testsFlags: [String]
        var linkFlags: [String]
        /// Files written beside the runner (TSan's suppressions), by name.
        var besideRunner: [String: String] = [:]
    }

    let toolchain: SwiftToolchain
    let workbook: Workbook
    let cache: URL
    let moduleName: String
    /// The chapter's exercises: their references are left out of the support files.
    let exercises: [Exercise]

    static let moduleObjectName = "module.o"
    static let testsObjectName = "tests.o"

    /// The runner for `exercise`'s tests built against `submission`, or what the compiler said.
    func runner(for exercise: Exercise, submission: Submission, flavor: Flavor) throws -> BuildResult<URL> {
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
        moduleKey.combine("\(flavor.name)-module-v1")
        moduleKey.combine(toolchain.version)
        for flag in flavor.moduleFlags { moduleKey.combine(flag) }
        for dependency in dependencies { moduleKey.combine(dependency.key) }
        for source in sources {
            moduleKey.combine(source.path)
            moduleKey.combine(FileManager.default.contents(atPath: source.path) ?? Data())
        }
        let module = try product("\(moduleName)-\(flavor.name)-module-\(moduleKey.hex)", Self.moduleObjectName) { scratch in
            try compile(flavor.moduleFlags + ["-parse-as-library", "-module-name", moduleName, "-wmo", "-c",
                                              "-o", scratch.appendingPathComponent(Self.moduleObjectName).path,
                                              "-emit-module", "-emit-module-path", scratch.appendingPathComponent("\(moduleName).swiftmodule").path]
                        + dependencies.flatMap(\.compilerFlags) + sources.map(\.path))
        }
        guard case .success(let moduleObject) = module else { return module }
        let interface = moduleObject.deletingLastPathComponent().appendingPathComponent("\(moduleName).swiftmodule")

        var testsKey = ContentHash()
        testsKey.combine("\(flavor.name)-tests-v1")
        testsKey.combine(toolchain.version)
        testsKey.combine(RunnerEntryPoint.source)
        for flag in flavor.testsFlags { testsKey.combine(flag) }
        for dependency in dependencies { testsKey.combine(dependency.key) }
        testsKey.combine(FileManager.default.contents(atPath: interface.path) ?? Data(moduleKey.hex.utf8))
        for name in testFiles {
            testsKey.combine(name)
            testsKey.combine(FileManager.default.contents(atPath: workbook.url(name).path) ?? Data())
        }
        let tests = try product("\(moduleName)-\(flavor.name)-tests-\(testsKey.hex)", Self.testsObjectName) { scratch in
            // The tests and the runner's main, as one module (`RunnerMainObject.flags`).
            let main = scratch.appendingPathComponent("WorkbookRunnerMain.swift")
            try AtomicFile.write(RunnerEntryPoint.source, to: main)
            defer { try? FileManager.default.removeItem(at: main) }
            return try compile(flavor.testsFlags + ["-parse-as-library", "-module-name", RunnerEntryPoint.moduleName, "-wmo", "-c",
                                                    "-o", scratch.appendingPathComponent(Self.testsObjectName).path,
                                                    "-I", interface.deletingLastPathComponent().path]
                               + dependencies.flatMap(\.compilerFlags) + testFiles + [main.path])
        }
        guard case .success(let testsObject) = tests else { return tests }

        return try product("\(moduleName)-\(flavor.name)-\(moduleKey.hex.prefix(16))-\(testsKey.hex.prefix(16))", "runner") { scratch in
            for (name, text) in flavor.besideRunner { try AtomicFile.write(text, to: scratch.appendingPathComponent(name)) }
            // Linked as `TestRunnerLinker`'s static runner is: objects, then the support archives.
            return try compile(flavor.linkFlags + [testsObject.path, moduleObject.path] + dependencies.reversed().map(\.archive.path)
                               + ["-o", scratch.appendingPathComponent("runner").path])
        }
    }

    /// `<runners>/<name>/<file>`, found or made in a scratch folder that becomes the entry.
    private func product(_ name: String, _ file: String, make: (URL) throws -> BuildResult<Void>) throws -> BuildResult<URL> {
        try CacheEntry(CacheFolder.runners.url(in: cache).appendingPathComponent(name), product: file).build(make)
    }

    private func compile(_ arguments: [String]) throws -> BuildResult<Void> {
        let result = try toolchain.compile(arguments, workingDirectory: workbook.root.path)
        return result.termination.isSuccess ? .success(()) : .failure(CompilerDiagnostics(result.standardError + result.standardOutput))
    }
}
