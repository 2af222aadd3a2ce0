import Foundation
import Testing
@testable import WorkbookModel
@testable import WorkbookSystem
@testable import WorkbookToolchain

@Suite("The cache is pruned to its cap, least recently used entries first")
struct CachePrunerTests {
    /// A cache folder with `entries` (path, bytes, hours since last use).
    static func makeCache(_ entries: [(String, Int, Double)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prune-\(UUID().uuidString)")
        for (path, bytes, hours) in entries {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(count: bytes).write(to: url)
            let date = Date().addingTimeInterval(-hours * 3600)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
            // The entry is the first level below the top folder (or below mutate/x/).
            let parts = path.split(separator: "/")
            let depth = parts.first == "mutate" ? 3 : 2
            if parts.count > depth {
                let entry = folder.appendingPathComponent(parts.prefix(depth).joined(separator: "/"))
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: entry.path)
            }
        }
        return folder
    }

    static func exists(_ folder: URL, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    @Test("Under the cap nothing goes")
    func underTheCap() throws {
        let cache = try Self.makeCache([("modules/A-1/libA.a", 1000, 48), ("runners/B/runner", 1000, 48)])
        defer { try? FileManager.default.removeItem(at: cache) }
        let report = CachePruner(folder: cache, capBytes: 4000).prune()
        #expect(report.removed.isEmpty)
        #expect(report.bytesBefore == 2000 && report.bytesAfter == 2000)
    }

    @Test("Over the cap the oldest entries go until three quarters of the cap are left")
    func oldestFirst() throws {
        let cache = try Self.makeCache([
            ("modules/old-1/libA.a", 1000, 72), ("runners/older/runner", 1000, 96),
            ("test-objects/new/a.o", 1000, 2), ("results/mid.json", 1000, 24),
        ])
        defer { try? FileManager.default.removeItem(at: cache) }
        let report = CachePruner(folder: cache, capBytes: 3000).prune()
        // 4000 bytes, cap 3000, target 2250: the two oldest go.
        #expect(report.removed == ["runners/older", "modules/old-1"])
        #expect(report.bytesAfter == 2000)
        #expect(!Self.exists(cache, "runners/older") && !Self.exists(cache, "modules/old-1"))
        #expect(Self.exists(cache, "test-objects/new/a.o") && Self.exists(cache, "results/mid.json"))
    }

    @Test("An entry used within the idle time stays, however full the cache")
    func recentStays() throws {
        let cache = try Self.makeCache([("modules/busy/libA.a", 5000, 0.1), ("modules/idle/libB.a", 5000, 5)])
        defer { try? FileManager.default.removeItem(at: cache) }
        let report = CachePruner(folder: cache, capBytes: 1000).prune()
        #expect(report.removed == ["modules/idle"])
        #expect(Self.exists(cache, "modules/busy/libA.a"))
    }

    @Test("Marking an entry used moves it to the back of the queue")
    func markUsed() throws {
        let cache = try Self.makeCache([("modules/a/lib.a", 1000, 50), ("modules/b/lib.a", 1000, 40)])
        defer { try? FileManager.default.removeItem(at: cache) }
        CachePruner.markUsed(cache.appendingPathComponent("modules/a"))
        let report = CachePruner(folder: cache, capBytes: 1500, minimumIdle: 0).prune()
        #expect(report.removed == ["modules/b"])
    }

    @Test("Kept folders are never pruned, and mutate's entries sit one level deeper")
    func keptAndNested() throws {
        let cache = try Self.makeCache([
            ("recipes/r.json", 4000, 100), ("mutate/results/m1/x", 1000, 90), ("mutate/results/m2/x", 1000, 1.5),
        ])
        defer { try? FileManager.default.removeItem(at: cache) }
        let report = CachePruner(folder: cache, capBytes: 1500, kept: ["recipes"], nested: ["mutate"]).prune()
        #expect(report.removed == ["mutate/results/m1"])
        #expect(Self.exists(cache, "recipes/r.json") && Self.exists(cache, "mutate/results/m2/x"))
    }

    @Test("A prune is due once per interval, recorded in the cache")
    func onceAnHour() throws {
        let cache = try Self.makeCache([("modules/a/lib.a", 1000, 50)])
        defer { try? FileManager.default.removeItem(at: cache) }
        let pruner = CachePruner(folder: cache, capBytes: 100)
        #expect(pruner.pruneIfDue()?.removed == ["modules/a"])
        #expect(pruner.pruneIfDue() == nil)
    }

    @Test("The workbook's cap comes from WORKBOOK_CACHE_LIMIT in megabytes, 512 when unset or invalid")
    func capFromEnvironment() {
        let root = URL(fileURLWithPath: "/tmp/some-workbook")
        #expect(Workbook.cachePruner(root: root, environment: ["WORKBOOK_CACHE_LIMIT": "64"]).capBytes == 64 << 20)
        #expect(Workbook.cachePruner(root: root, environment: [:]).capBytes == 512 << 20)
        #expect(Workbook.cachePruner(root: root, environment: ["WORKBOOK_CACHE_LIMIT": "-3"]).capBytes == 512 << 20)
        #expect(Workbook.cachePruner(root: root, environment: [:]).folder.path == "/tmp/some-workbook/.workbook/cache")
    }

    @Test("keeps exactly the folders CacheFolder marks kept, and looks one level deeper only in mutate")
    func policyFromTheLayout() {
        let pruner = Workbook.cachePruner(root: FileManager.default.temporaryDirectory, environment: [:])
        #expect(pruner.kept == ["toolchain-version", "recipes", "launcher", "starters", "mutant-switch"])
        #expect(pruner.nested == ["mutate"])
        #expect(Set(CacheFolder.allCases.map(\.rawValue)).count == CacheFolder.allCases.count, "two folders share a name")
    }
}
