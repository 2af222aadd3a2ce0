import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a content-keyed cache under a size cap by removing the entries used least
/// recently. An entry is one child of a cache folder (`modules/Diner-<key>`,
/// `runners/<key>`, `results/<key>.json`); using one marks it (`markUsed`: its
/// modification time becomes now), so an entry's time is its last use. Without this the
/// workbook's cache only grew: 118 MB after a day of use, 143 MB after a week of work here.
package struct CachePruner: Sendable {
    /// The cache folder (`.workbook/cache`).
    package var folder: URL
    /// The size the cache may reach; a prune brings it down to three quarters of it, so
    /// the next prune is not due at once.
    package var capBytes: Int64
    /// Top-level names that are never pruned (small, and costly to lose).
    package var kept: Set<String>
    /// Top-level folders whose entries sit one level deeper (`mutate/results/<key>`).
    package var nested: Set<String>
    /// An entry used more recently than this is never removed, however full the cache:
    /// another command may be about to link it.
    package var minimumIdle: TimeInterval

    package init(folder: URL, capBytes: Int64, kept: Set<String> = [], nested: Set<String> = [], minimumIdle: TimeInterval = 3600) {
        self.folder = folder
        self.capBytes = capBytes
        self.kept = kept
        self.nested = nested
        self.minimumIdle = minimumIdle
    }

    /// What a prune found and did.
    package struct Report: Sendable, Equatable {
        package var bytesBefore: Int64 = 0
        package var bytesAfter: Int64 = 0
        package var removed: [String] = []
    }

    /// Marks a cache entry as used now. Best effort: a cache that cannot be touched is
    /// pruned a little too early, never wrongly kept.
    package static func markUsed(_ entry: URL) {
        _ = utimes(entry.path, nil)
    }

    struct Entry {
        var url: URL
        var name: String
        var bytes: Int64
        var lastUse: Date
    }

    /// Removes the least recently used entries while the cache is over its cap.
    @discardableResult
    package func prune(now: Date = Date()) -> Report {
        var report = Report()
        var entries = self.entries()
        report.bytesBefore = entries.reduce(0) { $0 + $1.bytes }
        report.bytesAfter = report.bytesBefore
        guard report.bytesBefore > capBytes else { return report }
        let target = capBytes / 4 * 3
        entries.sort { $0.lastUse < $1.lastUse }
        for entry in entries where report.bytesAfter > target {
            guard now.timeIntervalSince(entry.lastUse) >= minimumIdle else { break }
            // Renamed aside first, so a reader never sees half an entry.
            let aside = entry.url.deletingLastPathComponent().appendingPathComponent(".pruned-\(getpid())-\(entry.url.lastPathComponent)")
            guard (try? FileManager.default.moveItem(at: entry.url, to: aside)) != nil else { continue }
            try? FileManager.default.removeItem(at: aside)
            report.bytesAfter -= entry.bytes
            report.removed.append(entry.name)
        }
        return report
    }

    /// Prunes at most once per `interval` (a stamp file in the cache records the last
    /// time): measuring the cache walks every file in it, about 30 ms for 140 MB here.
    @discardableResult
    package func pruneIfDue(every interval: TimeInterval = 3600, now: Date = Date()) -> Report? {
        let stamp = folder.appendingPathComponent(".last-pruned")
        // A stat, not FileManager's attributes: those name the file's owner and group,
        // which read /etc/passwd and /etc/group and ask nscd (four sockets) on every command.
        if let last = FileStamp(path: stamp.path)?.modifiedSeconds, now.timeIntervalSince1970 - last < interval {
            return nil
        }
        guard FileManager.default.fileExists(atPath: folder.path) else { return nil }
        _ = FileManager.default.createFile(atPath: stamp.path, contents: nil)
        return prune(now: now)
    }

    func entries() -> [Entry] {
        let manager = FileManager.default
        var out: [Entry] = []
        for top in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where !kept.contains(top) && !top.hasPrefix(".") {
            let topURL = folder.appendingPathComponent(top)
            let parents = nested.contains(top)
                ? ((try? manager.contentsOfDirectory(atPath: topURL.path)) ?? []).map { topURL.appendingPathComponent($0) }
                : [topURL]
            for parent in parents {
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? [] where !name.hasPrefix(".") {
                    let url = parent.appendingPathComponent(name)
                    guard let lastUse = (try? manager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date else { continue }
                    out.append(Entry(url: url, name: String(url.path.dropFirst(folder.path.count + 1)), bytes: Self.size(of: url), lastUse: lastUse))
                }
            }
        }
        return out
    }

    /// Bytes on disk of a file, or of everything under a folder.
    static func size(of url: URL) -> Int64 {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return 0 }
        if (status.st_mode & S_IFMT) != S_IFDIR { return Int64(status.st_size) }
        var total: Int64 = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
            total += size(of: url.appendingPathComponent(name))
        }
        return total
    }
}
