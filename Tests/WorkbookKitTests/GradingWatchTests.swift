import Foundation
import Testing
@testable import WorkbookKit

@Suite("Watching the workspace")
struct GradingWatchTests {
    enum Kind: String, CaseIterable { case inotify, polling }

    func makeWatcher(_ kind: Kind, _ folder: URL) throws -> any FileWatcher {
        switch kind {
        case .inotify: return try #require(InotifyWatcher(folders: [folder.path]))
        case .polling: return PollingWatcher(folders: [folder.path])
        }
    }

    @Test("reports the saved file once for a burst of writes, and nothing when all is quiet", arguments: Kind.allCases)
    func savedFile(kind: Kind) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Ex1_Add.swift")
        try "start\n".write(to: file, atomically: false, encoding: .utf8)
        let watcher = try makeWatcher(kind, folder)
        let debouncer = Debouncer()
        _ = debouncer.next(from: watcher, timeout: 0.1)
        #expect(debouncer.next(from: watcher, timeout: 0.3).isEmpty)

        // An editor's save: a write, another write, a rename over the file.
        try "one\n".write(to: file, atomically: false, encoding: .utf8)
        try "two, longer\n".write(to: file, atomically: true, encoding: .utf8)
        let changed = debouncer.next(from: watcher, timeout: 3)
        #expect(changed.contains(file.path))
        #expect(debouncer.next(from: watcher, timeout: 0.3).isEmpty)
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
