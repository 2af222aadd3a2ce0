import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookSystem

@Suite("Watching the workspace")
struct GradingWatchTests {
    enum Kind: String, CaseIterable { case inotify, polling }

    @Test("reports the saved file once for a burst of writes, and nothing when all is quiet", arguments: Kind.allCases)
    func savedFile(kind: Kind) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Ex1_Add.swift")
        // Watching blocks while it waits: on a thread of its own, not the test pool.
        let seen = try await onOwnThread { try Self.watchASave(kind, of: file, in: folder) }
        #expect(seen.beforeSave.isEmpty)
        #expect(seen.afterSave.contains(file.path))
        #expect(seen.afterwards.isEmpty)
    }

    /// What the watcher reported while all was quiet, for an editor's save, and after it.
    static func watchASave(_ kind: Kind, of file: URL, in folder: URL) throws -> (beforeSave: [String], afterSave: [String], afterwards: [String]) {
        try "start\n".write(to: file, atomically: false, encoding: .utf8)
        let watcher: any FileWatcher
        switch kind {
        case .inotify:
            guard let inotify = InotifyWatcher(folders: [folder.path]) else { throw CocoaError(.featureUnsupported) }
            watcher = inotify
        case .polling:
            watcher = PollingWatcher(folders: [folder.path])
        }
        // A longer quiet period than `watch`'s 200 ms: on a machine busy with other tests,
        // the two writes of the save below can be more than 200 ms apart.
        let debouncer = Debouncer(quietPeriod: 1)
        // Let whatever was in flight settle: quiet within a few rounds, or it never is.
        var beforeSave: [String] = ["never quiet"]
        for _ in 0..<10 where !beforeSave.isEmpty {
            beforeSave = Array(debouncer.next(from: watcher, timeout: 0.3))
        }
        // An editor's save: a write, another write, a rename over the file.
        try "one\n".write(to: file, atomically: false, encoding: .utf8)
        try "two, longer\n".write(to: file, atomically: true, encoding: .utf8)
        let afterSave = Array(debouncer.next(from: watcher, timeout: 3))
        let afterwards = Array(debouncer.next(from: watcher, timeout: 0.3))
        return (beforeSave, afterSave, afterwards)
    }

    @Test("reads inotify's packed events")
    func parseEvents() {
        var bytes: [UInt8] = []
        func event(_ watch: Int32, _ name: String) {
            var padded = Array(name.utf8) + [0]
            while padded.count % 4 != 0 { padded.append(0) }
            for word in [UInt32(bitPattern: watch), 0x8, 0, UInt32(padded.count)] {
                bytes += withUnsafeBytes(of: word.littleEndian, Array.init)
            }
            bytes += padded
        }
        event(1, "Ex1_Add.swift")
        event(2, "Ex2.swift")
        #expect(InotifyWatcher.parse(bytes, folders: [1: "/a", 2: "/b"]) == ["/a/Ex1_Add.swift", "/b/Ex2.swift"])
    }
}
