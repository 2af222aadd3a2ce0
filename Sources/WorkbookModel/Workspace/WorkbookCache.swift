import Foundation
import WorkbookSystem
import WorkbookToolchain

/// The policy for `.workbook/cache`: how big it may grow and what is never pruned.
extension Workbook {
    /// The cap when `WORKBOOK_CACHE_LIMIT` (megabytes) does not set one. A whole course's
    /// builds, every chapter checked and run, took 143 MB here; 512 MB keeps all of that
    /// and a week of mutation runs.
    package static let defaultCacheLimitMB = 512

    /// The pruner for this workbook's cache, with the cap the environment sets.
    package func cachePruner(environment: [String: String]) -> CachePruner {
        Self.cachePruner(cacheFolder: cacheFolder, environment: environment)
    }

    /// The pruner for the cache of the workbook at `root`, without loading its chapters.
    package static func cachePruner(root: URL, environment: [String: String]) -> CachePruner {
        cachePruner(cacheFolder: Workbook.cacheFolder(root: root), environment: environment)
    }

    static func cachePruner(cacheFolder: URL, environment: [String: String]) -> CachePruner {
        let megabytes = environment["WORKBOOK_CACHE_LIMIT"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? Self.defaultCacheLimitMB
        return CachePruner(
            folder: cacheFolder, capBytes: Int64(megabytes) << 20,
            kept: CacheFolder.kept, nested: CacheFolder.nested)
    }
}
