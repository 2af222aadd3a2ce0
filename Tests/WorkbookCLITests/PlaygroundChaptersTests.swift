import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookModel

/// `workbook run FILE.swift` importing each real chapter's module, at three stages of the
/// chapter: freshly started (starters, the prediction files, an untouched compile
/// starter), half solved (with one file that does not compile) and fully solved. Each
/// stage's program prints what only the learner's own code says, so the test fails if the
/// model answer were imported instead.
// Not serialized: each chapter's case runs in a copy of its own (seeded with Diner and
// Stage, built once), so the five run side by side. One after another, they were the
// longest suite of the engine's run.
@Suite("The playground imports the learner's chapter module at every stage", .tags(.compiles))
struct PlaygroundChaptersTests {
    /// A function only the learner's file declares, and what it returns.
    static func marker(_ number: Int) -> (declaration: String, call: String, text: String) {
        let text = "only your code prints this, chapter \(number)"
        return ("\npublic func playgroundMarker\(number)() -> String { \"\(text)\" }\n", "playgroundMarker\(number)()", text)
    }

    @Test("fresh, half solved and fully solved, the chapter module imports and runs the learner's code",
          .timeLimit(.minutes(10)), arguments: 1...5)
    func chapter(number: Int) async throws {
        let root = try PlantedMistakesTests.workbookCopy()
        try await onOwnThread { try SeededModules.seed(root) }
        let session = FixtureSession(root: root)
        let chapter = try session.workbook().chapter("\(number)")
        let module = try #require(chapter.moduleName)
        let folder = "exercises/\(chapter.stem)"
        #expect(await session.run("start", "\(number)").code == 0)
        let compile = try #require(chapter.exercises.first { $0.kind == .compile }, "chapter \(number) has no compile exercise")
        #expect(chapter.exercises.contains { $0.kind == .predict } || number > 2, "chapters 1 and 2 have predictions")

        // Freshly started: every file is a starter; the compile starter does not compile.
        try session.write("import \(module)\nprint(\"fresh\")\n", to: "play.swift")
        let fresh = await session.run("run", "play.swift")
        #expect(fresh.code == 0, "\(fresh.err)")
        #expect(fresh.out == "fresh\n")
        #expect(fresh.err.contains("left out \(folder)/\(compile.fileName!) (exercise \(compile.id)): it is still the starter"), "\(fresh.err)")
        #expect(fresh.err.contains("none of its declarations can be imported"))
        #expect(!fresh.err.contains(".txt"), "a prediction file reached the compiler:\n\(fresh.err)")

        // Half solved: the first half written as the references (the first with a function
        // of the learner's own), and one later file broken mid-edit.
        let writes = chapter.exercises.filter { $0.kind == .write }
        let solved = Array(writes.prefix(writes.count / 2))
        let broken = try #require(writes.dropFirst(writes.count / 2).first)
        let marker = Self.marker(number)
        for (offset, exercise) in solved.enumerated() {
            let text = try #require(session.file(exercise.referenceFile!))
            try session.write(text + (offset == 0 ? marker.declaration : ""), to: "\(folder)/\(exercise.fileName!)")
        }
        let brokenPath = "\(folder)/\(broken.fileName!)"
        try session.write(try #require(session.file(brokenPath)) + "\npublic func halfWritten( {\n", to: brokenPath)
        try session.write("import \(module)\nprint(\(marker.call))\n", to: "play.swift")
        let half = await session.run("run", "play.swift")
        #expect(half.code == 0, "\(half.err)")
        #expect(half.out == marker.text + "\n")
        #expect(half.err.contains("left out \(brokenPath) (exercise \(broken.id)): it does not compile (\(brokenPath):"), "\(half.err)")
        #expect(half.err.contains("the starter's declarations are used in its place"))
        #expect(half.err.contains("left out \(folder)/\(compile.fileName!)"))

        // Fully solved, the prediction files too: nothing is left out.
        for exercise in chapter.exercises {
            let text = try #require(session.file(exercise.referenceFile!))
            try session.write(text + (exercise.id == solved.first?.id ? marker.declaration : ""), to: "\(folder)/\(exercise.fileName!)")
        }
        let full = await session.run("run", "play.swift")
        #expect(full.code == 0, "\(full.err)")
        #expect(full.out == marker.text + "\n")
        #expect(full.err.contains("\(module) is built from your files in \(folder)/ (--reference"), "\(full.err)")
        #expect(!full.err.contains("left out"), "\(full.err)")

        // The model answer has no such function: --reference does not compile the call.
        let model = await session.run("run", "play.swift", "--reference")
        #expect(model.code == 1)
        #expect(model.out.isEmpty)
    }
}
