import Foundation
import WorkbookKit
import WorkbookModel
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

    /// `<temp>/workbook-tests-modules-<pid>/`: the cache the modules are built in, once.
    private static let prebuilt: Result<URL, any Error> = Result {
        let cache = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-tests-modules-\(getpid())", isDirectory: true)
        let builder = ModuleBuilder(toolchain: try SwiftToolchain.forTests(), cacheFolder: cache)
        let resolution = ImportableModules(root: repository, builder: builder).build(["Diner", "Stage"])
        if let failure = resolution.failures.first { throw SeedFailure(module: failure.key, reason: failure.value) }
        return cache
    }

    /// Copies the prebuilt Diner and Stage into the cache of the workbook at `root`.
    /// Blocks for the first build (a few seconds): call it through `onOwnThread`.
    public static func seed(_ root: URL) throws {
        let source = try prebuilt.get().appendingPathComponent("modules", isDirectory: true)
        let target = Workbook.cacheFolder(root: root).appendingPathComponent("modules", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where !name.hasPrefix(".") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
    }

    struct SeedFailure: Error, CustomStringConvertible {
        var module: String
        var reason: String
        var description: String { "the repository's \(module) does not build: \(reason)" }
    }
}
