import Foundation
import Testing
@testable import WorkbookSystem

/// The one way the engine replaces a file (issue 57: `PageFile` and Foundation's
/// `.atomic` folded into it).
@Suite("Replacing a file whole")
struct AtomicFileTests {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func inode(_ url: URL) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    @Test("write makes its folder and the file, flushed or not, and leaves no temporary beside it")
    func write() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("deeper/state.json")
        try AtomicFile.write("one", to: file)
        try AtomicFile.write("two", to: file, durability: .unflushed)
        #expect(try String(contentsOf: file, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["state.json"])
    }

    @Test("replace leaves a file that holds the text as it is, and renames a new one over a changed file")
    func replace() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        #expect(try AtomicFile.replace(page, with: "<p>first</p>"), "a missing file is written")
        let first = try inode(page)
        #expect(try AtomicFile.replace(page, with: "<p>first</p>") == false, "the same text is not written again")
        #expect(try inode(page) == first, "the file was left as it was")
        #expect(try AtomicFile.replace(page, with: "<p>second, longer</p>"))
        #expect(try String(contentsOf: page, encoding: .utf8) == "<p>second, longer</p>")
        #expect(try inode(page) != first, "a new file took the old one's place whole")
        #expect(try AtomicFile.replace(page, with: "<p>third.....</p>"), "same length, other bytes: compared, then written")
        #expect(try String(contentsOf: page, encoding: .utf8) == "<p>third.....</p>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["page.html"], "no temporary left")
    }

    @Test("a failure names the path and the system's words, and leaves nothing behind")
    func failure() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no-such-folder/page.html")
        #expect {
            try AtomicFile.replace(missing, with: "text")
        } throws: { error in
            (error as? FileFailure).map { $0.path == missing.path && $0.code == ENOENT } ?? false
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
