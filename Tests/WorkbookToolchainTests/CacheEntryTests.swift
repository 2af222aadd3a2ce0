import Foundation
import Synchronization
import Testing
@testable import WorkbookSystem
@testable import WorkbookToolchain

@Suite("A cache entry is made once, in a scratch folder renamed into place, and the first one made wins")
struct CacheEntryTests {
    static func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wb-entry-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func read(_ url: URL?) -> String? {
        url.flatMap { FileManager.default.contents(atPath: $0.path) }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("makes the product once, then finds it without making it again, and leaves no scratch folder")
    func madeOnce() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = CacheEntry(root.appendingPathComponent("m-key"), product: "lib.a")
        var makes = 0
        let first = try entry.produce { scratch in
            makes += 1
            try Data("one".utf8).write(to: scratch.appendingPathComponent("lib.a"))
            return true
        }
        let second = try entry.produce { _ in makes += 1; return true }
        #expect(makes == 1)
        #expect(Self.read(first) == "one" && second == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["m-key"])
    }

    @Test("a second maker of the same key waits for the first and finds its product instead of making it again")
    func secondMakerWaits() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = CacheEntry(root.appendingPathComponent("m-key"), product: "lib.a")
        let making = DispatchSemaphore(value: 0)
        let firstDone = DispatchSemaphore(value: 0)
        let first = Mutex<URL?>(nil)
        Thread.detachNewThread {
            let made = try? entry.produce { scratch in
                making.signal()
                // Long enough for the second maker to arrive while this one is still making.
                Thread.sleep(forTimeInterval: 0.3)
                try Data("first".utf8).write(to: scratch.appendingPathComponent("lib.a"))
                return true
            }
            first.withLock { $0 = made }
            firstDone.signal()
        }
        making.wait()
        let secondMakes = Mutex(0)
        let second = try entry.produce { scratch in
            secondMakes.withLock { $0 += 1 }
            try Data("second".utf8).write(to: scratch.appendingPathComponent("lib.a"))
            return true
        }
        firstDone.wait()
        #expect(secondMakes.withLock { $0 } == 0, "the second maker made the entry again")
        #expect(Self.read(second) == "first" && first.withLock { $0 } == second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["m-key"], "a lock file or scratch folder was left")
    }

    @Test("a second build of the same key, finished while the first is in place, keeps the first one's files")
    func firstWins() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = CacheEntry(root.appendingPathComponent("m-key"), product: "lib.a")
        // The other build finishes while this one is still making its own.
        let product = try entry.produce(replacing: false) { scratch in
            try Data("late".utf8).write(to: scratch.appendingPathComponent("lib.a"))
            try FileManager.default.createDirectory(at: entry.folder, withIntermediateDirectories: true)
            try Data("first".utf8).write(to: entry.product)
            return true
        }
        #expect(Self.read(product) == "first")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["m-key"])
    }

    @Test("an entry in place without its product is replaced; replacing makes it anew; a failed make keeps nothing")
    func incompleteReplacedAndFailures() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = CacheEntry(root.appendingPathComponent("m-key"), product: "lib.a")
        try FileManager.default.createDirectory(at: entry.folder, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: entry.folder.appendingPathComponent("half.o"))
        let made = try entry.produce { scratch in
            try Data("whole".utf8).write(to: scratch.appendingPathComponent("lib.a"))
            return true
        }
        #expect(Self.read(made) == "whole")
        #expect(!FileManager.default.fileExists(atPath: entry.folder.appendingPathComponent("half.o").path))

        let fresh = try entry.produce(replacing: true) { scratch in
            try Data("again".utf8).write(to: scratch.appendingPathComponent("lib.a"))
            return true
        }
        #expect(Self.read(fresh) == "again")

        let other = CacheEntry(root.appendingPathComponent("n-key"), product: "lib.a")
        #expect(try other.produce { _ in false } == nil)
        #expect(throws: (any Error).self) { try other.produce { _ in throw CocoaError(.fileWriteUnknown) } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["m-key"])
    }

    @Test("a whole-folder entry is complete once it exists: made once, and one another build put in place meanwhile stands")
    func wholeFolder() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = CacheEntry.wholeFolder(root.appendingPathComponent("builds-class-0"))
        #expect(entry.product == entry.folder)
        let made = try entry.produce { scratch in
            try Data("copy".utf8).write(to: scratch.appendingPathComponent("Ex1.o"))
            return true
        }
        #expect(made == entry.folder && Self.read(made?.appendingPathComponent("Ex1.o")) == "copy")
        var makes = 0
        #expect(try entry.produce { _ in makes += 1; return true } == entry.folder)
        #expect(makes == 0, "an entry in place is found, not made again")

        let raced = CacheEntry.wholeFolder(root.appendingPathComponent("builds-class-1"))
        let kept = try raced.produce { scratch in
            try Data("mine".utf8).write(to: scratch.appendingPathComponent("Ex1.o"))
            // Another grading seeds the same lane while this one copies.
            try FileManager.default.createDirectory(at: raced.folder, withIntermediateDirectories: true)
            try Data("theirs".utf8).write(to: raced.folder.appendingPathComponent("Ex1.o"))
            return true
        }
        #expect(Self.read(kept?.appendingPathComponent("Ex1.o")) == "theirs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["builds-class-0", "builds-class-1"],
                "no scratch folder is left")
    }
}
