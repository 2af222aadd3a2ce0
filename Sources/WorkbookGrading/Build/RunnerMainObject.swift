import Foundation
import WorkbookSystem
import WorkbookToolchain

/// The test runner's `main` (`RunnerEntryPoint`), compiled on its own once per toolchain
/// (`runner-main/WorkbookRunnerMain-<key>/`) and linked beside every set of tests'
/// objects. It is the same source for every chapter and interface; compiled with each set
/// of tests, it was about half of their compile: 0.7 of 1.4 s of CPU for the grading
/// fixture's chapter 1, paid again whenever a learner's interface changed (20 of the
/// engine suites' 41 test compiles repeated it, 32 s of CPU, 2026-12-06).
struct RunnerMainObject: Sendable {
    static let objectName = "WorkbookRunnerMain.o"

    struct Failure: Error, Sendable {
        /// What the compiler said.
        var diagnostics: String
    }

    let toolchain: SwiftToolchain
    let cache: URL

    /// Named by everything the object is compiled from.
    var entry: CacheEntry {
        var key = ContentHash()
        key.combine(toolchain.version)
        key.combine(RunnerEntryPoint.source)
        for flag in Self.flags { key.combine(flag) }
        let folder = CacheFolder.runnerMain.url(in: cache).appendingPathComponent("\(RunnerEntryPoint.moduleName)Main-\(key.hex)", isDirectory: true)
        return CacheEntry(folder, product: Self.objectName)
    }

    /// The tests' own flags (`GradingBuild.compileTests`), so the objects link as one module.
    static let flags = SwiftToolchain.languageFlags + ["-parse-as-library", "-module-name", RunnerEntryPoint.moduleName]

    /// The object, found in the cache or compiled into it; or what the compiler said.
    func produce() throws -> Result<URL, Failure> {
        var failed: String?
        let made = try entry.produce { scratch in
            let source = scratch.appendingPathComponent("WorkbookRunnerMain.swift")
            try AtomicFile.write(RunnerEntryPoint.source, to: source)
            let object = scratch.appendingPathComponent(Self.objectName)
            let result = try toolchain.compile(Self.flags + ["-c", source.path, "-o", object.path], workingDirectory: scratch.path)
            try? FileManager.default.removeItem(at: source)
            guard result.termination.isSuccess, FileManager.default.fileExists(atPath: object.path) else {
                failed = result.standardError + result.standardOutput
                return false
            }
            return true
        }
        guard let made else { return .failure(Failure(diagnostics: failed ?? "the test runner's main did not compile")) }
        return .success(made)
    }
}
