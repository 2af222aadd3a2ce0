import Foundation
import WorkbookToolchain

extension SwiftToolchain {
    /// The toolchain as every command locates it, with its version remembered in a cache
    /// the test processes share (asking `swiftc` costs a process launch per test).
    public static func forTests() throws -> SwiftToolchain {
        try locate(cacheFolder: testsCache)
    }

    private static var testsCache: URL { FileManager.default.temporaryDirectory.appendingPathComponent("workbook-tests-toolchain") }

    /// Where `forTests` keeps the version: workbook copies start from it (`SeededModules`).
    static var testsVersionCache: URL { CacheFolder.toolchainVersion.url(in: testsCache) }
}
