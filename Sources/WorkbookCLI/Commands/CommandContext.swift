import Foundation
import Synchronization
import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// What a command may use besides its arguments: the console, the environment, and
/// the workbook, found and loaded on first use.
struct CommandContext {
    let console: Console
    let environment: [String: String]
    let currentDirectory: URL
    /// `--root` and `--exercises`, decoded.
    let global: GlobalOptions
    /// The command's environment value, made on first use and then shared: the host (the
    /// variables and the sandbox, probed once) and the toolchain located in it.
    private let made = Made()

    init(console: Console, environment: [String: String], currentDirectory: URL, global: GlobalOptions) {
        self.console = console
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.global = global
    }

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
        try made.toolchain.withLock { toolchain in
            if let toolchain { return toolchain }
            let located = try SwiftToolchain.locate(host: host(for: workbook), cacheFolder: workbook.cacheFolder)
            toolchain = located
            return located
        }
    }

    /// The command's environment and sandbox, probed once (its outcome remembered in the
    /// workbook's cache between commands).
    func host(for workbook: Workbook) -> HostEnvironment {
        host(cacheFolder: workbook.cacheFolder)
    }

    /// `host(for:)`, for a command that has not loaded the workbook.
    func host(cacheFolder: URL) -> HostEnvironment {
        made.host.withLock { host in
            if let host { return host }
            let probed = HostEnvironment(variables: environment, probeMemo: cacheFolder)
            host = probed
            return probed
        }
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

/// What a command makes once and shares (`CommandContext`).
private final class Made: Sendable {
    let host = Mutex<HostEnvironment?>(nil)
    let toolchain = Mutex<SwiftToolchain?>(nil)
}
