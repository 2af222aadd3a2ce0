import Foundation
import WorkbookSystem
import WorkbookToolchain

extension HostEnvironment {
    /// The test process's environment and sandbox, probed once for all its tests (as a
    /// command makes its own once), the probe remembered in the tests' shared cache.
    public static let forTests = HostEnvironment(variables: ProcessInfo.processInfo.environment, probeMemo: SwiftToolchain.testsCache)
}

extension SwiftToolchain {
    /// The toolchain as every command locates it, with its version remembered in a cache
    /// the test processes share (asking `swiftc` costs a process launch per test).
    public static func forTests() throws -> SwiftToolchain {
        try locate(host: .forTests, cacheFolder: testsCache)
    }

    static var testsCache: URL { FileManager.default.temporaryDirectory.appendingPathComponent("workbook-tests-toolchain") }

    /// Where `forTests` keeps the version: workbook copies start from it (`SeededModules`).
    static var testsVersionCache: URL { CacheFolder.toolchainVersion.url(in: testsCache) }
}
