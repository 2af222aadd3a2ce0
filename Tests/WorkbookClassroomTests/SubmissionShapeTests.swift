import Foundation
import Testing
@testable import WorkbookClassroom
import WorkbookModel
import WorkbookTestSupport

/// Issue 32: a class hands in every shape; each is found by the workbook's file names,
/// and a submission with no exercise file is a row saying so (a flat zip scored 0 silently).
@Suite("Submission shapes")
struct SubmissionShapeTests {
    let workbook: Workbook
    let folder: URL

    init() throws {
        workbook = try Workbook(root: GradingFixture.source)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func write(_ path: String, _ text: String = "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n") throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func find() throws -> [String: StudentSubmission] {
        let students = try ClassSubmissions.find(in: folder, scratch: folder.appendingPathComponent(".scratch"), workbook: workbook,
                                                     environment: ProcessInfo.processInfo.environment)
        return Dictionary(uniqueKeysWithValues: students.map { ($0.name, $0) })
    }

    /// The workspace path (from the chapter folder) of each file graded for `student`.
    private func graded(_ student: StudentSubmission?) -> [String] {
        guard let workspace = student?.workspace else { return [] }
        return (FileManager.default.enumerator(atPath: workspace.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test("finds the exercises in a workspace, a repository, wrapping folders and GitHub Classroom's checkouts")
    func shapes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("ada/01-basics/Ex1_Add.swift")
        try write("bo/exercises/01-basics/Ex1_Add.swift")
        try write("bo/Sources/Chapter01Basics/Ex2_Apply.swift", "// a copy of the workbook's references: never graded\n")
        // A zip of a folder named after the student, with a README beside the checkout inside.
        try write("cy/cy/README.md", "mine\n")
        try write("cy/cy/closures-basics-cy/exercises/01-basics/Ex3_Total.swift")
        try write("cy/__MACOSX/cy/._Ex3_Total.swift", "")
        let students = try find()
        #expect(graded(students["ada"]) == ["01-basics/Ex1_Add.swift"])
        #expect(students["bo"]?.form == .repository && graded(students["bo"]) == ["01-basics/Ex1_Add.swift"],
                "a repository's exercises/, not its Sources/")
        #expect(students["cy"]?.workspace?.path.hasSuffix("cy/cy/closures-basics-cy/exercises") == true,
                "\(String(describing: students["cy"]))")
        #expect(students.values.allSatisfy { $0.problem == nil })
    }

    @Test("grades the bare files of a flat submission as their chapter's, from a copy")
    func flat() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("max/Ex1_Add.swift")
        try write("max/Ex3_Total.swift", "public func total(_ prices: [Int]) -> Int { prices.reduce(0, +) }\n")
        try write("max/notes.txt", "not graded\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("max").path).sorted()
        let max = try #require(try find()["max"])
        #expect(max.problem == nil)
        #expect(graded(max) == ["01-basics/Ex1_Add.swift", "01-basics/Ex3_Total.swift"])
        #expect(max.workspace?.path.hasPrefix(folder.appendingPathComponent(".scratch").path) == true, "staged in the scratch folder")
        #expect(try String(contentsOf: max.workspace!.appendingPathComponent("01-basics/Ex3_Total.swift"), encoding: .utf8)
            .contains("reduce(0, +)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("max").path).sorted() == before,
                "the submission itself is not written")
        // A changed file is staged again (by content), not graded from the old copy.
        try write("max/Ex1_Add.swift", "public func add(_ a: Int, _ b: Int) -> Int { b + a }\n")
        let again = try #require(try find()["max"])
        #expect(again.workspace != max.workspace)
        #expect(try String(contentsOf: again.workspace!.appendingPathComponent("01-basics/Ex1_Add.swift"), encoding: .utf8).contains("b + a"))
    }

    @Test("a submission without any exercise file is a row naming what it holds")
    func nothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("pia/README.txt", "sorry\n")
        try write("pia/src/main.swift", "print(1)\n")
        // Two folders inside: no single wrapping folder to descend into.
        try write("quin/a/x.txt", "")
        try write("quin/b/y.txt", "")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rae"), withIntermediateDirectories: true)
        let students = try find()
        #expect(students["pia"]?.workspace == nil)
        #expect(students["pia"]?.problem == "pia holds no exercise file (such as 01-basics/Ex1_Add.swift, in its chapter folder "
            + "or at the top of the submission); it holds README.txt, src/")
        #expect(students["quin"]?.problem?.hasSuffix("it holds a/, b/") == true)
        #expect(students["rae"]?.problem?.hasSuffix("it holds nothing") == true, "an empty folder is not graded as the starters")
    }

    @Test("a flat file that is a symbolic link is not copied")
    func flatLink() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("sly/Ex2_Apply.swift")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("sly/Ex1_Add.swift").path,
            withDestinationPath: GradingFixture.source.appendingPathComponent("Sources/Chapter01Basics/Ex1_Add.swift").path)
        let sly = try #require(try find()["sly"])
        #expect(sly.workspace == nil)
        #expect(sly.problem == "sly: Ex1_Add.swift is a symbolic link, and the bare files of a submission are graded from "
            + "copies; it was not graded (hand in the file itself)")
    }
}
