import Foundation
import Testing
@testable import WorkbookRelease
import WorkbookModel
import WorkbookSystem
import WorkbookTestSupport

/// `workbook release` on this repository: what a student gets holds no answer, and git
/// commits their work.
@Suite("A student release of the workbook")
struct StudentReleaseTests {
    static var repository: URL { SeededModules.repository }

    static func temporaryFolder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
    }

    /// Every file below `folder`, relative to it, `.git` left out.
    static func files(in folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let next = walker?.nextObject() as? String {
            if next == ".git" || next.hasPrefix(".git/") { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(next).path, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(next)
            }
        }
        return found.sorted()
    }

    @Test("holds no line of a solution region, no prediction answer and no hidden test name in any file, and git tracks exercises/",
          .timeLimit(.minutes(3)))
    func noAnswers() throws {
        let teacher = try Workbook(root: Self.repository)
        let manifest = try ReleaseManifest(workbook: teacher)
        #expect(try ReleaseAudit(workbook: teacher).leaks(in: manifest).isEmpty)
        let out = Self.temporaryFolder("release")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try ReleaseWriter.write(manifest, to: out)
        let written = Self.files(in: out)

        // Scanned on disk, with the audit's rules but not its code: each answer line (16
        // characters or more, as the student edition's test counts them) that no starter,
        // chapter or visible test shows must be nowhere under DIR but in the tool's sources.
        var shown = Set<String>()
        for chapter in teacher.chapters {
            for line in try teacher.read(chapter.path).split(separator: "\n") { shown.insert(line.trimmingCharacters(in: .whitespaces)) }
            for exercise in chapter.exercises {
                for line in try teacher.starter(for: exercise).split(separator: "\n") { shown.insert(line.trimmingCharacters(in: .whitespaces)) }
                if let tests = exercise.testsFile {
                    for line in try teacher.read(tests).split(separator: "\n") { shown.insert(line.trimmingCharacters(in: .whitespaces)) }
                }
            }
        }
        var answers: [String: String] = [:]
        var predictions: [String] = []
        for exercise in teacher.chapters.flatMap(\.exercises) {
            let path = try #require(exercise.referenceFile)
            let source = try teacher.read(path)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            for region in try SolutionMarkers.regions(in: source, path: path) {
                guard let answerLines = region.answerLines else { continue }
                let answer = answerLines.map { lines[$0 - 1].trimmingCharacters(in: .whitespaces) }
                if exercise.kind.judge == .prediction { predictions.append(answer.filter { !$0.isEmpty }.joined(separator: "\n")) }
                for line in answer where line.count >= 16 && !shown.contains(line) && !ReleaseAudit.shownOnPurpose.contains(where: { $0.line == line }) {
                    answers[line] = "\(exercise.id)"
                }
            }
        }
        #expect(answers.count > 300, "only \(answers.count) answer lines were looked for")
        #expect(predictions.count >= 4)
        var hiddenNames: [String] = []
        for chapter in teacher.chapters {
            for file in HiddenTests.files(inTarget: "Tests/\(chapter.moduleName ?? "")Tests", workbook: teacher) {
                hiddenNames += HiddenTests.tests(in: try teacher.read(file)).compactMap(\.displayName)
            }
        }
        #expect(hiddenNames.count >= 5, "every chapter hides a test")
        var found: [String] = []
        for file in written {
            let text = String(decoding: try Data(contentsOf: out.appendingPathComponent(file)), as: UTF8.self)
            let toolSource = ReleasePackageManifest.toolFolders.contains { file.hasPrefix("Sources/\($0)/") }
            if !toolSource {
                for line in text.split(separator: "\n") where answers[line.trimmingCharacters(in: .whitespaces)] != nil {
                    found.append("\(file): exercise \(answers[line.trimmingCharacters(in: .whitespaces)]!)'s answer line \(line.debugDescription)")
                }
                if text.contains("BEGIN SOLUTION") { found.append("\(file): a solution marker") }
                let content = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
                for prediction in predictions where content.contains(prediction) { found.append("\(file): a prediction's answer") }
            }
            for name in hiddenNames where text.contains(name) { found.append("\(file): the hidden test “\(name)”") }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        #expect(!written.contains { $0.contains("/Hidden/") || $0.hasPrefix("Tests/Fixtures") || $0.hasPrefix("Tests/Mutants") || $0.hasPrefix("Tests/Workbook") })

        // As a student's clone sees it: a release, whose lint is clean, and whose starters git commits.
        let release = try Workbook(root: out)
        #expect(release.isRelease)
        #expect(Linter(workbook: release).run().isEmpty, "\(Linter(workbook: release).run())")
        #expect(release.chapters.flatMap(\.exercises).allSatisfy { $0.referenceFile != nil })
        let git = try ChildProcess.run("/usr/bin/env", .init(arguments: ["sh", "-c", "git init -q && git add -A && git ls-files exercises"], workingDirectory: out.path))
        #expect(git.termination.isSuccess, "\(git.standardError)")
        let tracked = git.standardOutput.split(separator: "\n")
        #expect(tracked.count == teacher.chapters.flatMap(\.exercises).count, "\(tracked)")
    }

    /// Issue 55: the header ended without a newline, so `make setup` in every release ran
    /// `build` as a command ("make: build: No such file or directory"). Read by make itself.
    @Test("has a Makefile that make reads as the teacher's: the same variables, and `build` runs swift build")
    func makefileReadsAsMake() throws {
        let teacher = try Workbook(root: Self.repository)
        let out = Self.temporaryFolder("release-makefile")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try ReleaseWriter.write(try ReleaseManifest(workbook: teacher, chapters: [try teacher.chapter("1")]), to: out)
        // `make -n` prints the recipes without running them; `-p` prints every variable's value.
        func dryRun(_ folder: URL) throws -> ChildProcess.Result {
            try ChildProcess.run("/usr/bin/env", .init(arguments: ["make", "-n", "-p", "build"], environment: ["PATH": "/usr/bin:/bin"],
                                                       workingDirectory: folder.path))
        }
        let ran = try dryRun(out)
        #expect(ran.termination.isSuccess, "\(ran.standardError)")
        let recipe = ran.standardOutput.split(separator: "\n").first { $0.contains(" build ") && !$0.hasPrefix("#") }
        #expect(recipe?.hasPrefix("swift build") == true, "the release's `make build` would run: \(recipe ?? "nothing")")
        let variables = { (text: String) in
            Set(text.split(separator: "\n").compactMap { line -> String? in
                guard let name = line.split(separator: " ").first, line.contains(" = ") || line.contains(" := ") else { return nil }
                return String(name)
            })
        }
        let teachers = try dryRun(Self.repository)
        let missing = variables(teachers.standardOutput).subtracting(variables(ran.standardOutput))
            .filter { ["SWIFT", "LAYERS", "PREFIX", "BUILD", "APT", "WORKBOOK", "INSTALLED", "RELEASE_BUILD"].contains($0) }
        #expect(missing.isEmpty, "the release's Makefile lost \(missing.sorted())")
    }

    @Test("refuses a reference that would be copied in, and writes nothing")
    func auditCatchesALeak() throws {
        let teacher = try Workbook(root: Self.repository)
        var manifest = try ReleaseManifest(workbook: teacher, chapters: [try teacher.chapter("3")])
        let reference = try #require(teacher.chapters[2].exercises[1].referenceFile)
        manifest.entries.append(.init(path: "notes/copied.swift", content: .copy(teacher.url(reference))))
        let leaks = try ReleaseAudit(workbook: teacher).leaks(in: manifest)
        #expect(!leaks.isEmpty)
        #expect(leaks.allSatisfy { $0.file == "notes/copied.swift" && $0.source.path == reference }, "\(leaks)")
    }

    @Test("writes into a new or empty folder or over an earlier release (keeping its .git), and refuses any other folder")
    func writerRefusesOtherFolders() throws {
        let teacher = try Workbook(root: Self.repository)
        let manifest = try ReleaseManifest(workbook: teacher, chapters: [try teacher.chapter("1")])
        let out = Self.temporaryFolder("release-writer")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try ReleaseWriter.write(manifest, to: out).replacedEarlier == false)
        try FileManager.default.createDirectory(at: out.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: out.appendingPathComponent(".git/HEAD"))
        try Data("stale".utf8).write(to: out.appendingPathComponent("stale.txt"))
        #expect(try ReleaseWriter.write(manifest, to: out).replacedEarlier)
        #expect(FileManager.default.contents(atPath: out.appendingPathComponent(".git/HEAD").path) == Data("kept".utf8))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("stale.txt").path))
        #expect(ReleaseMarker.read(at: out)?.chapters == [1])

        let other = Self.temporaryFolder("not-a-release")
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: other.appendingPathComponent("thesis.tex"))
        #expect(throws: WorkbookError.self) { try ReleaseWriter.write(manifest, to: other) }
        #expect(Self.files(in: other) == ["thesis.tex"])
    }

    @Test("lint in a release takes its module files for starters, and a solution region there for an answer handed out")
    func lintKnowsARelease() throws {
        let teacher = try Workbook(root: Self.repository)
        let out = Self.temporaryFolder("release-lint")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try ReleaseWriter.write(try ReleaseManifest(workbook: teacher, chapters: [try teacher.chapter("1")]), to: out)
        #expect(Linter(workbook: try Workbook(root: out)).run().isEmpty)
        let reference = "Sources/Chapter01Blocks/Ex2_Counter.swift"
        try Data(try teacher.read(reference).utf8).write(to: out.appendingPathComponent(reference))
        let findings = Linter(workbook: try Workbook(root: out)).run()
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.location.path == reference)
        #expect(findings.first?.message.contains("this is a student release, whose files are the starters") == true, "\(findings)")
    }

    @Test("a release is not released again")
    func notFromARelease() throws {
        let teacher = try Workbook(root: Self.repository)
        let out = Self.temporaryFolder("release-twice")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try ReleaseWriter.write(try ReleaseManifest(workbook: teacher, chapters: [try teacher.chapter("2")]), to: out)
        #expect(throws: WorkbookError.self) { try ReleaseManifest(workbook: try Workbook(root: out)) }
    }
}
