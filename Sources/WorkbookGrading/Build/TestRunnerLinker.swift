import Foundation
import WorkbookSystem
import WorkbookToolchain

/// A linked test runner, and what its environment needs to find its libraries.
struct TestRunner: Sendable {
    var executable: URL
    var environment: [String: String] = [:]
    /// Built with `-sanitize=thread` (`ThreadSanitizerBuild`): its run needs the sandbox's
    /// address-space cap lifted, and its standard error holds TSan's reports.
    var threadSanitizer = false
}

/// The link stage of grading: the test runner from what the build made (`RunnerInputs`),
/// linked only when some exercise has to run.
struct TestRunnerLinker {
    let toolchain: SwiftToolchain
    let cache: URL


    /// The test runner for `module`. With the compiler's jobs at hand, the module becomes
    /// a small shared library, linked anew per edit (a hundredth of a second), and the
    /// runner executable — the tests, the support libraries — is linked once per module
    /// interface. Otherwise, or if that fails, one static executable as the driver links it.
    func link(_ inputs: RunnerInputs) -> BuildResult<TestRunner> {
        let (module, dependencies, tests) = (inputs.module, inputs.dependencies, inputs.tests)
        do {
            let testObjects = try FileManager.default.contentsOfDirectory(atPath: tests.folder.path)
                .filter { $0.hasSuffix(".o") }.sorted().map { tests.folder.appendingPathComponent($0) }
            // A link compiles no code: whatever stops the shared one, the driver links.
            let shared = inputs.commands.map { commands in { () -> DirectAttempt<BuildResult<TestRunner>> in
                (try? linkShared(module: module, dependencies: dependencies, tests: tests, testObjects: testObjects, commands: commands))
                    .map { .built(.success($0)) } ?? .backEndFailed
            } }
            return try BackendAttempt(sources: []).build(direct: shared) {
                try linkStatic(module: module, dependencies: dependencies, tests: tests, testObjects: testObjects)
                    .map { TestRunner(executable: $0) }
            }
        } catch {
            return .failure(CompilerDiagnostics(FileFailure.from(error)?.description ?? "\(error)"))
        }
    }

    /// `lib<Module>.so` per module build, and a runner per interface that loads it.
    private func linkShared(
        module: IncrementalModuleBuilder.Built, dependencies: [ModuleBuilder.BuiltModule], tests: GradingBuild.TestObjects,
        testObjects: [URL], commands: DirectCommands
    ) throws -> TestRunner? {
        let archives = dependencies.reversed().map(\.archive)
        let libraryName = "lib\(module.name).so"
        let library = try produce(in: CacheFolder.sharedModules.url(in: cache), named: "\(module.name)-\(module.key)",
                                  file: libraryName) { scratch, output in
            // What the runner loads; the module's library asks only for what is missing.
            guard let provided = AutolinkEntries.read(testObjects + archives).map(Set.init) else {
                return .failure(CompilerDiagnostics("the tests' objects name no libraries to read"))
            }
            return try commands.link(module.objects, into: output, in: scratch, shared: true,
                                     linkerFlags: ["-soname", libraryName], provided: provided).map { _ in }
        }.product
        guard let library else { return nil }
        var runnerHash = ContentHash()
        runnerHash.combine("shared-module-runner-v1")
        runnerHash.combine(tests.key)
        for dependency in dependencies { runnerHash.combine(dependency.key) }
        let runner = try produce(in: CacheFolder.runners.url(in: cache), named: "\(module.name)-\(runnerHash.hex)",
                                 file: "runner") { scratch, output in
            // Every member of the support libraries, exported: the module's library
            // may use what the tests never do.
            try commands.link(testObjects + [library], into: output, in: scratch,
                              linkerFlags: ["--whole-archive"] + archives.map(\.path) + ["--no-whole-archive", "--export-dynamic"]).map { _ in }
        }.product
        guard let runner else { return nil }
        let inherited = toolchain.host.variables["LD_LIBRARY_PATH"].map { ":" + $0 } ?? ""
        return TestRunner(executable: runner, environment: ["LD_LIBRARY_PATH": library.deletingLastPathComponent().path + inherited])
    }

    /// Finds `<folder>/<name>/<file>`, or makes it with `make(scratch, output)` in a
    /// scratch folder renamed into place (so a half-made file is never found), or what
    /// `make` said went wrong.
    private func produce(in folder: URL, named name: String, file: String, make: (URL, URL) throws -> BuildResult<Void>) throws -> BuildResult<URL> {
        try CacheEntry(folder.appendingPathComponent(name), product: file).build { scratch in
            try make(scratch, scratch.appendingPathComponent(file))
        }
    }

    /// One executable from the tests', the module's and the support libraries' objects,
    /// cached by what went in.
    private func linkStatic(
        module: IncrementalModuleBuilder.Built, dependencies: [ModuleBuilder.BuiltModule], tests: GradingBuild.TestObjects, testObjects: [URL]
    ) throws -> BuildResult<URL> {
        var runnerHash = ContentHash()
        runnerHash.combine(tests.key)
        runnerHash.combine(module.key)
        // Objects first, then the static libraries, dependents before what they use.
        let inputs = testObjects + module.objects + dependencies.reversed().map(\.archive)
        return try produce(in: CacheFolder.runners.url(in: cache), named: "\(module.name)-\(runnerHash.hex)",
                                 file: "runner") { scratch, output in
            // The driver writes its list of the libraries to link (`runner.autolink`, from
            // swift-autolink-extract) beside the first object it is given: handed the
            // cached tests' objects, it wrote into their cache entry, and two links side by
            // side (a class's lanes, copies sharing the objects) overwrote each other's
            // list, so one linked without Testing ("undefined reference", measured). So the
            // objects are handed over by links in a folder of this link's own.
            let given = scratch.appendingPathComponent("inputs", isDirectory: true)
            try FileManager.default.createDirectory(at: given, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: given) }
            var paths: [String] = []
            for (index, input) in inputs.enumerated() {
                let link = given.appendingPathComponent("\(index)-\(input.lastPathComponent)")
                try FileManager.default.createSymbolicLink(at: link, withDestinationURL: input)
                paths.append(link.path)
            }
            let result = try toolchain.compile(SwiftToolchain.languageFlags + paths + ["-o", output.path],
                                                      workingDirectory: scratch.path)
            return result.termination.isSuccess ? .success(()) : .failure(CompilerDiagnostics(result.standardError + result.standardOutput))
        }
    }
}
