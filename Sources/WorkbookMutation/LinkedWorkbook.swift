import Foundation
import WorkbookModel
import WorkbookToolchain

/// A workbook of its own at `root` whose chapters, sources and tests are links to `real`'s,
/// and whose cache shares `real`'s folders named in `sharing` (compiled once, used by
/// both): where `mutate`'s workers and the repair probe build their copies of a chapter.
package enum LinkedWorkbook {
    /// Lays (or keeps) the links; returns the copy's cache folder.
    @discardableResult
    package static func lay(at root: URL, over real: Workbook, sharing: [String]) throws -> URL {
        let manager = FileManager.default
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        func link(_ link: URL, to target: String) throws {
            if (try? manager.destinationOfSymbolicLink(atPath: link.path)) != target {
                try? manager.removeItem(at: link)
                try manager.createSymbolicLink(atPath: link.path, withDestinationPath: target)
            }
        }
        for name in WorkbookLayout.courseEntries {
            try link(root.appendingPathComponent(name), to: real.url(name).path)
        }
        let cache = Workbook.cacheFolder(root: root)
        try manager.createDirectory(at: cache, withIntermediateDirectories: true)
        for name in sharing {
            let shared = real.cacheFolder.appendingPathComponent(name)
            try manager.createDirectory(at: shared, withIntermediateDirectories: true)
            try link(cache.appendingPathComponent(name), to: shared.path)
        }
        return cache
    }
}
