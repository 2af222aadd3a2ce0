import Foundation

extension SwiftToolchain {
    /// `locate`, remembering the version in `folder` against swiftc's path, size and
    /// modification time: asking `swiftc --version` costs a process start on every
    /// check, a noticeable part of an unchanged re-check.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment, cachingIn folder: URL
    ) throws -> SwiftToolchain {
        let candidates: [String]
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            candidates = [explicit]
        } else {
            candidates = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/swiftc" }
        }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw LocateError.notFound
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return try locate(environment: environment) }
        let stamp = "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        let file = folder.appendingPathComponent("toolchain.txt")
        if let text = FileManager.default.contents(atPath: file.path).map({ String(decoding: $0, as: UTF8.self) }) {
            let lines = text.split(separator: "\n", maxSplits: 1).map(String.init)
            if lines.count == 2, lines[0] == stamp { return SwiftToolchain(swiftc: path, version: lines[1]) }
        }
        let toolchain = try locate(environment: environment)
        if toolchain.swiftc == path {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? (stamp + "\n" + toolchain.version).write(to: file, atomically: true, encoding: .utf8)
        }
        return toolchain
    }
}
