import Foundation

/// The Swift compiler the workbook drives directly (never `swift build`, which is
/// too slow for a learner's edit-check loop). Found through `SWIFTC`, or on `PATH`.
public struct SwiftToolchain: Sendable {
    /// Absolute path of `swiftc`.
    public let swiftc: String
    /// `swiftc --version`'s first line: part of every cache key.
    public let version: String

    public init(swiftc: String, version: String) {
        self.swiftc = swiftc
        self.version = version
    }

    public enum LocateError: Error, Sendable, Equatable, CustomStringConvertible {
        case notFound
        public var description: String {
            "swiftc was not found on PATH; install the Swift toolchain or set SWIFTC to its path"
        }
    }

    /// Finds `swiftc` and asks it its version.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SwiftToolchain {
        let candidates: [String]
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            candidates = [explicit]
        } else {
            candidates = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/swiftc" }
        }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw LocateError.notFound
        }
        let result = try ChildProcess.run(path, .init(arguments: ["--version"], timeout: 30))
        let firstLine = (result.standardOutput + result.standardError).split(separator: "\n").first.map(String.init) ?? "unknown"
        return SwiftToolchain(swiftc: path, version: firstLine)
    }

    /// Runs `swiftc` with `arguments`. Diagnostics come back in the result's standard
    /// error, unchanged.
    public func compile(_ arguments: [String], workingDirectory: String? = nil, timeout: Double = 300) throws -> ChildProcess.Result {
        try ChildProcess.run(swiftc, .init(
            arguments: arguments, workingDirectory: workingDirectory, timeout: timeout, outputLimit: 4 << 20))
    }

    /// The flags every workbook compile uses: the package's language mode and warnings policy.
    public static let languageFlags = ["-swift-version", "6", "-Onone", "-gnone"]
}
