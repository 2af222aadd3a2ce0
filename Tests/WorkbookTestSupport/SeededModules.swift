import Foundation
import WorkbookRunning
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// The repository's support modules (Diner, Stage), built once per test process and
/// copied into each workbook copy's cache, as `workbook grade` seeds its lanes from the
/// prebuilt builds: a test that copies the real chapters then finds them built instead of
/// compiling both from a cold cache (docs/tests.md).
///
/// Safe to share: a module's folder is named by the content of its sources, its flags
/// and the toolchain (`ModuleBuilder.key`), so a copy is used only where the same build
/// would have been made, and a changed source simply builds a module of its own.
public enum SeededModules {
    /// The repository this test process was built from.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `<temp>/workbook-tests-modules-<pid>/`: the cache whose `modules` folder every
    /// workbook copy of this process shares (`shareModules`).
    private static let modulesCache = temporary("modules")

    /// The repository's Diner and Stage, built once into the shared modules.
    private static let prebuilt: Result<Void, any Error> = Result {
        let builder = ModuleBuilder(toolchain: try SwiftToolchain.forTests(), cacheFolder: modulesCache)
        let resolution = ImportableModules(root: repository, builder: builder).build(["Diner", "Stage"])
        if let failure = resolution.failures.first { throw SeedFailure(module: failure.key, reason: failure.value) }
    }

    /// Builds the repository's Diner and Stage once, and gives the workbook at `root` the
    /// process's shared modules, test objects and recipes (`shareModules`,
    /// `shareTestObjects`, `shareToolchainFacts`). Blocks for the first build (a few
    /// seconds): call it through `onOwnThread`.
    public static func seed(_ root: URL) throws {
        try prebuilt.get()
        try shareModules(root)
        try shareTestObjects(root)
        try shareToolchainFacts(root)
    }

    /// Makes the `modules` cache folder of the workbook at `root` (the support modules
    /// and the snippets' launcher, each in a folder named by its sources' content, flags
    /// and toolchain: `ModuleBuilder.key`) this process's shared one (a symbolic link),
    /// unless it already has one of its own. A copy then builds only what no other copy
    /// built with the same sources: the launcher had been built 30 times per engine run.
    public static func shareModules(_ root: URL) throws {
        let link = CacheFolder.modules.url(in: Workbook.cacheFolder(root: root))
        guard !FileManager.default.fileExists(atPath: link.path) else { return }
        let shared = CacheFolder.modules.url(in: modulesCache)
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: shared)
    }

    /// `<temp>/workbook-tests-objects-<pid>/`: one `test-objects` cache folder for every
    /// workbook copy this process seeds. The chapters' tests are compiled from paths
    /// relative to the root (TestSourcePaths), so their objects' key is the same in every
    /// copy: each chapter's tests are compiled once per test process, not once per copy
    /// (a cold `check 3` took 10.4 s of CPU, 1.7 s with its tests' objects found).
    /// Content-keyed and made by scratch-then-rename, so copies may share it as mutate's
    /// workers share the real cache's.
    private static let sharedTestObjects: Result<URL, any Error> = Result {
        let folder = temporary("objects")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // What the repository's own `workbook verify` compiled (make test runs it first),
        // hard-linked: the same keys, so a copy of the real chapters finds its tests built.
        let built = CacheFolder.testObjects.url(in: Workbook.cacheFolder(root: repository))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: built.path)) ?? [] where !name.hasPrefix(".") {
            try? FileManager.default.linkItem(at: built.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Makes the `test-objects` cache folder of the workbook at `root` this process's
    /// shared one (a symbolic link), unless it already has one of its own.
    public static func shareTestObjects(_ root: URL) throws {
        let link = CacheFolder.testObjects.url(in: Workbook.cacheFolder(root: root))
        guard !FileManager.default.fileExists(atPath: link.path) else { return }
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: try sharedTestObjects.get())
    }

    /// `<temp>/workbook-tests-recipes-<pid>/`: one `recipes` cache folder for every
    /// workbook copy of this process. The back end's commands are learnt per toolchain and
    /// flags (`DirectCommands.cached`: three `swiftc -###`, two `clang -###`, a probe built
    /// and run), the same in every copy; learnt again in each fresh copy, they were 95
    /// learnings, 15 of the engine suites' 292 s of CPU. Each recipe is written
    /// whole by rename, so copies may share them.
    private static let sharedRecipes = madeTemporary("recipes")

    /// `<temp>/workbook-tests-runner-main-<pid>/`: one `runner-main` cache folder for every
    /// workbook copy of this process. The test runners' `main` depends on the toolchain
    /// alone (`RunnerMainObject`), so it is compiled once per process, not once per copy.
    private static let sharedRunnerMain = madeTemporary("runner-main")

    /// `temporary(name)`, created.
    private static func madeTemporary(_ name: String) -> Result<URL, any Error> {
        Result {
            let folder = temporary(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }
    }

    /// What the workbook at `root` would learn about the toolchain, given from this
    /// process's: its `recipes` and `runner-main` cache folders made the shared ones
    /// (symbolic links), and the toolchain's version copied from the tests' own
    /// (`SwiftToolchain.forTests`; stamped with swiftc's path, size and date, so a copy
    /// with another SWIFTC asks again), each unless the copy has its own. Every workbook
    /// copy the test support makes calls it.
    public static func shareToolchainFacts(_ root: URL) throws {
        let cache = Workbook.cacheFolder(root: root)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        for (folder, shared) in [(CacheFolder.recipes, sharedRecipes), (.runnerMain, sharedRunnerMain)] {
            let link = folder.url(in: cache)
            if !FileManager.default.fileExists(atPath: link.path) {
                try FileManager.default.createSymbolicLink(at: link, withDestinationURL: try shared.get())
            }
        }
        let version = CacheFolder.toolchainVersion.url(in: cache)
        if !FileManager.default.fileExists(atPath: version.path), (try? SwiftToolchain.forTests()) != nil {
            try? FileManager.default.copyItem(at: SwiftToolchain.testsVersionCache, to: version)
        }
    }

    /// `<temp>/workbook-tests-NAME-<pid>/`, removed when the test process exits: left
    /// behind, they piled up (38 of them, up to 25 MB each, in /tmp after a day's runs).
    private static func temporary(_ name: String) -> URL {
        _ = removedAtExit
        return FileManager.default.temporaryDirectory.appendingPathComponent("workbook-tests-\(name)-\(getpid())", isDirectory: true)
    }

    private static let removedAtExit: Void = {
        atexit {
            for name in ["modules", "objects", "recipes", "runner-main"] {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-tests-\(name)-\(getpid())")
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }()

    struct SeedFailure: Error, CustomStringConvertible {
        var module: String
        var reason: String
        var description: String { "the repository's \(module) does not build: \(reason)" }
    }
}
