import Foundation
import WorkbookSystem

/// The Swift compiler the workbook drives directly (never `swift build`, which is
/// too slow for a learner's edit-check loop). Found through `SWIFTC`, or on `PATH`.
///
/// With it comes the command's environment (`host`: its variables and the sandbox as
/// probed) and the back end its builds use: the one value the command line makes and
/// every layer below is given, so nothing there reads the process's environment.
public struct SwiftToolchain: Sendable {
    /// Absolute path of `swiftc`.
    public let swiftc: String
    /// `swiftc --version`'s first line: part of every cache key.
    public let version: String
    /// The command's environment and sandbox.
    public let host: HostEnvironment
    /// Which back end builds modules and programs (`WORKBOOK_BACKEND`, `BuildBackend`).
    public let backend: BuildBackend

    public init(swiftc: String, version: String, host: HostEnvironment) {
        self.swiftc = swiftc
        self.version = version
        self.host = host
        self.backend = BuildBackend.choose(environment: host.variables)
    }

    package enum LocateError: Error, Sendable, Equatable, CustomStringConvertible {
        case notFound
        public var description: String {
            "swiftc was not found on PATH; install the Swift toolchain or set SWIFTC to its path"
        }
    }

    /// Like `locate`, but remembers the version in `versionCache`, keyed by the compiler
    /// binary's path, size and modification time: asking `swiftc` costs a process launch
    /// (0.1–0.3 s), too much for a re-run that finds everything cached.
    public static func locate(host: HostEnvironment, versionCache: URL) throws -> SwiftToolchain {
        let path = try find(environment: host.variables)
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // A stat: FileManager's attributes would also look up the owner's and group's names.
        let file = FileStamp(path: real)
        let stamp = [path, real, file.map { "\($0.size)" } ?? "", file.map { "\($0.modifiedSeconds)" } ?? ""]
            .joined(separator: "\u{1F}")
        if let data = FileManager.default.contents(atPath: versionCache.path) {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count >= 2, lines[0] == stamp { return SwiftToolchain(swiftc: path, version: String(lines[1]), host: host) }
        }
        let version = try askVersion(path, environment: host.variables)
        try? FileManager.default.createDirectory(at: versionCache.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write("\(stamp)\n\(version)\n", to: versionCache, durability: .unflushed)
        return SwiftToolchain(swiftc: path, version: version, host: host)
    }

    /// `locate(environment:versionCache:)` with the version kept in a workbook's cache
    /// folder, where grading and the snippet runner both find it.
    public static func locate(host: HostEnvironment, cacheFolder: URL) throws -> SwiftToolchain {
        try locate(host: host, versionCache: CacheFolder.toolchainVersion.url(in: cacheFolder))
    }

    private static func find(environment: [String: String]) throws -> String {
        let candidates: [String]
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            candidates = [explicit]
        } else {
            candidates = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/swiftc" }
        }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw LocateError.notFound
        }
        return path
    }

    /// `swiftc --version`'s first line.
    private static func askVersion(_ path: String, environment: [String: String]) throws -> String {
        let result = try runDriver(path, .init(arguments: ["--version"], environment: environment, timeout: 30))
        return (result.standardOutput + result.standardError).split(separator: "\n").first.map(String.init) ?? "unknown"
    }

    /// Runs `swiftc` with `arguments`. Diagnostics come back in the result's standard
    /// error, unchanged.
    ///
    /// The driver gets a temporary folder of its own (`TMPDIR`, inside `temporaryFolder`),
    /// removed afterwards: for a single job it replaces itself with the frontend and never
    /// removes the `TemporaryDirectory.*` it made (9 left in /tmp per `verify`, measured).
    public func compile(
        _ arguments: [String], workingDirectory: String? = nil, timeout: Double = 300,
        temporaryFolder: URL = FileManager.default.temporaryDirectory
    ) throws -> ChildProcess.Result {
        try Self.runDriver(swiftc, .init(arguments: arguments, environment: host.variables, workingDirectory: workingDirectory,
                                         timeout: timeout, outputLimit: 4 << 20),
                           temporaryFolder: temporaryFolder)
    }

    /// Runs the driver at `swiftc` with a `TMPDIR` of its own, removed afterwards (`compile`):
    /// `-###` and `--version` leave a `TemporaryDirectory.*` behind too. `options.environment`
    /// is the driver's, which the caller gives (nil: none but `TMPDIR`).
    package static func runDriver(
        _ swiftc: String, _ options: ChildProcess.Options, temporaryFolder: URL = FileManager.default.temporaryDirectory
    ) throws -> ChildProcess.Result {
        let scratch = temporaryFolder.appendingPathComponent("workbook-swiftc-\(UUID().uuidString.prefix(12))", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var options = options
        var environment = options.environment ?? [:]
        environment["TMPDIR"] = scratch.path
        options.environment = environment
        return try ChildProcess.run(swiftc, options)
    }

    /// The compiler driver's flags that stop the type checker after `scopes` solver scopes
    /// on one expression (`-solver-scope-threshold`, swiftlang/swift#77723, in Swift 6.2
    /// and later); nil for an older or unknown version, which would refuse the flag.
    package func solverScopeFlags(_ scopes: Int) -> [String]? {
        guard let match = version.firstMatch(of: /Swift version (\d+)\.(\d+)/),
              let major = Int(match.output.1), let minor = Int(match.output.2), (major, minor) >= (6, 2)
        else { return nil }
        return ["-Xfrontend", "-solver-scope-threshold=\(scopes)"]
    }

    /// The flags every workbook compile uses: the package's language mode (Swift 6, strict
    /// concurrency), but not its `-warnings-as-errors`: a warning in a learner's file (an
    /// unused `let`, code after a `return`) never fails an exercise. (Warnings are not yet
    /// shown to the learner.)
    package static let languageFlags = ["-swift-version", "6", "-Onone", "-gnone"]
}
