import Foundation
import WorkbookModel
import WorkbookToolchain

/// What a command may use besides its arguments: the console, the environment, and
/// the workbook, found and loaded on first use.
struct CommandContext {
    let console: Console
    let environment: [String: String]
    let currentDirectory: URL
    /// `--root` and `--exercises`, decoded.
    let global: GlobalOptions

    /// The workbook named by `--root`, `WORKBOOK_ROOT`, or found upward from the
    /// current directory; `--exercises`/`WORKBOOK_EXERCISES` names the workspace.
    func workbook() throws -> Workbook {
        let workbook = try Workbook(root: try workbookRoot(), exercisesFolder: exercisesFolder)
        ProcessLifetime.keep(workbook)
        return workbook
    }

    /// The Swift toolchain, located the one way every command locates it: `SWIFTC` or
    /// the PATH, with its version remembered in the workbook's cache.
    func toolchain(for workbook: Workbook) throws -> SwiftToolchain {
        try SwiftToolchain.locate(environment: environment, cacheFolder: workbook.cacheFolder)
    }

    /// The root of the workbook `workbook()` loads, found without loading it.
    func workbookRoot() throws -> URL {
        if let given = global.root ?? environment["WORKBOOK_ROOT"].map(resolve) {
            return try Workbook.findRoot(from: given)
        }
        return try Workbook.findRoot(from: currentDirectory)
    }

    /// Whether `WORKBOOK_TIMINGS` asks for each phase's duration (set, and not `0`).
    static func wantsTimings(_ environment: [String: String]) -> Bool {
        environment["WORKBOOK_TIMINGS"].map { !$0.isEmpty && $0 != "0" } ?? false
    }

    /// The workspace `workbook()` uses, when one is named.
    var exercisesFolder: URL? {
        global.exercises ?? environment["WORKBOOK_EXERCISES"].map(resolve)
    }

    /// A path from the command line, relative to the current directory.
    func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
    }
}
