import Foundation
import Testing
import WorkbookModel
import WorkbookTestSupport

@Suite("workbook release at the command line")
struct ReleaseCommandTests {
    static var root: URL { SeededModules.repository }

    @Test("needs --out, knows the chapters, refuses a folder of the workbook, and writes the chapters asked for")
    func options() throws {
        let missing = runCLI(["release"], in: Self.root)
        #expect(missing.exitCode == 2)
        #expect(missing.standardError.contains("'release' needs --out DIR"), "\(missing.standardError)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("release-cli-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: out) }
        let unknown = runCLI(["release", "--out", out.path, "--chapter", "9"], in: Self.root)
        #expect(unknown.exitCode == 2)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let inside = runCLI(["release", "--out", "Sources/course"], in: Self.root)
        #expect(inside.exitCode == 1)
        #expect(inside.standardError.contains("Sources/ belongs to the workbook"), "\(inside.standardError)")

        let written = runCLI(["release", "--out", out.path, "--chapter", "2", "--chapter", "1"], in: Self.root)
        #expect(written.exitCode == 0, "\(written.standardError)")
        let exercises = try Workbook(root: Self.root).chapters.filter { $0.number <= 2 }.flatMap(\.exercises).count
        #expect(written.standardOutput.contains("chapters 1, 2, \(exercises) exercises"), "\(written.standardOutput)")
        #expect(ReleaseMarker.read(at: out)?.chapters == [1, 2])
        let chapter = try String(contentsOf: out.appendingPathComponent("chapters/01-blocks.md"), encoding: .utf8)
        #expect(!chapter.contains("Reference:"))
        #expect(chapter.contains("Starter: [Ex1_Operations.swift](../Sources/Chapter01Blocks/Ex1_Operations.swift) ·"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("chapters/03-queues.md").path))

        // From inside the release, there is nothing to release.
        let again = runCLI(["release", "--out", out.path + "-again"], in: out)
        #expect(again.exitCode == 1)
        #expect(again.standardError.contains("a student release already"), "\(again.standardError)")
    }
}
