import Foundation
import WorkbookSystem

/// One entry of a content-keyed cache (`modules/Stage-<key>/`, `runners/<name>/`): a
/// folder named by its key, complete when its product, a file inside, exists. Made
/// once, the one way every build product is made: in a scratch folder beside it
/// (`.tmp-NAME-PID-UUID8`, which `StaleScratch` clears after a killed process), then
/// renamed into place, so a half-made entry is never found. The first one made wins: a
/// second build of the same key (verify's chapters side by side, a class's lanes) keeps
/// the entry in place, since another build may be linking against it — replacing it
/// failed such a link with "input file … was modified during the build".
package struct CacheEntry: Sendable {
    package let folder: URL
    package let product: URL

    package init(_ folder: URL, product: String) {
        self.folder = folder
        self.product = folder.appendingPathComponent(product)
    }

    /// An entry with no one product inside, complete as soon as it exists: a folder only
    /// ever renamed into place whole (a class lane's seeded build folder, a student's
    /// unpacked zip). `produce` then gives the folder itself.
    package static func wholeFolder(_ folder: URL) -> CacheEntry {
        CacheEntry(folder: folder, product: folder)
    }

    private init(folder: URL, product: URL) {
        self.folder = folder
        self.product = product
    }

    /// The product when the entry is complete, marked as used (`CachePruner`).
    package func existing() -> URL? {
        guard FileManager.default.fileExists(atPath: product.path) else { return nil }
        CachePruner.markUsed(folder)
        return product
    }

    /// The product: found, or made by `make(scratch)` in a scratch folder that becomes
    /// the entry. Nil when `make` returns false (nothing is kept). `replacing` makes it
    /// anew even when it exists, and then puts the new one in its place (`--fresh`).
    package func produce(replacing: Bool = false, _ make: (URL) throws -> Bool) throws -> URL? {
        try build(replacing: replacing) { scratch in
            try make(scratch) ? .success(()) : .failure(CompilerDiagnostics(""))
        }.product
    }

    /// `produce`, for a maker that says why it failed: its diagnostics come back (nothing
    /// is kept).
    package func build(replacing: Bool = false, _ make: (URL) throws -> BuildResult<Void>) throws -> BuildResult<URL> {
        if !replacing, let found = existing() { return .success(found) }
        let parent = folder.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        // One maker per key at a time, the others waiting to find its product: side by
        // side, a class's lanes or a test process's workbook copies compiled the same tests'
        // objects at once, each for nothing but the first (23 copies, 31 compiles of one
        // key, 42 s of CPU, in the engine's suites). Unlinked when done, so no lock files
        // pile up; one that waited on the unlinked file still checks for the product first.
        // Without a lock (a read-only parent), two makers race, and the rename still keeps one.
        let lockFile = parent.appendingPathComponent(".lock-\(folder.lastPathComponent)")
        let lock = try? FolderLock(lockFile)
        defer {
            if lock != nil { try? FileManager.default.removeItem(at: lockFile) }
            lock?.release()
        }
        if !replacing, let found = existing() { return .success(found) }
        StaleScratch.sweep(parent)
        // Unique per build, not per process: two lanes of one process may make it at once.
        let scratch = parent.appendingPathComponent(".tmp-\(folder.lastPathComponent)-\(getpid())-\(UUID().uuidString.prefix(8))",
                                                    isDirectory: true)
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        if case .failure(let diagnostics) = try make(scratch) { return .failure(diagnostics) }
        if replacing { try? FileManager.default.removeItem(at: folder) }
        do {
            // A rename onto an existing folder fails: the one in place stays.
            try FileManager.default.moveItem(at: scratch, to: folder)
        } catch where FileManager.default.fileExists(atPath: product.path) {
            return .success(product)
        } catch {
            // In place but incomplete (left by an older tool): this one replaces it.
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.moveItem(at: scratch, to: folder)
        }
        return .success(product)
    }
}
