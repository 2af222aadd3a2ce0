import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookGrading
@testable import WorkbookClassroom
@testable import WorkbookModel
import WorkbookSystem
import WorkbookToolchain

/// Issue 29: a class's identical submissions are graded once, and that is safe only if a
/// grade does not depend on where the files are.
@Suite("Identical submissions in a class", .serialized, .tags(.compiles))
struct IdenticalSubmissionsTests {
    /// `name`'s workspace under `class`: the references of chapter 1, `add` as given.
    private func student(_ name: String, in folder: URL, root: URL, add: String? = nil) throws -> StudentSubmission {
        let workspace = folder.appendingPathComponent(name)
        let target = workspace.appendingPathComponent("01-basics")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Sources/Chapter01Basics/\(file)"),
                                             to: target.appendingPathComponent(file))
        }
        if let add { try add.write(to: target.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8) }
        return StudentSubmission(name: name, form: .workspace, workspace: workspace)
    }

    /// Grades as JSON with every duration left out (they differ from run to run).
    private func timeless(_ grades: [ChapterGrade]) throws -> String {
        var grades = grades
        for chapter in grades.indices {
            for exercise in grades[chapter].exercises.indices {
                grades[chapter].exercises[exercise].seconds = 0
                for test in grades[chapter].exercises[exercise].tests.indices { grades[chapter].exercises[exercise].tests[test].seconds = 0 }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(grades), as: UTF8.self)
    }

    @Test("the same files are graded once and get the grade they get alone; a grade naming its folder is not shared")
    func gradedOnce() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("class")
        let wrong = "public func add(_ a: Int, _ b: Int) -> Int { a - b }\n"
        // Prints where its file is: the absolute path, which differs from student to student.
        let telling = "public func add(_ a: Int, _ b: Int) -> Int { print(#filePath); return a + b }\n"
        let students = [
            try student("ann", in: folder, root: root, add: wrong),
            try student("ben", in: folder, root: root),
            try student("cat", in: folder, root: root, add: wrong),
            try student("dan", in: folder, root: root, add: telling),
            try student("eli", in: folder, root: root, add: telling),
        ]
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        var options = Grader.Options()
        options.timeout = 5
        options.outputPerTest = true
        options.useCache = false
        let course = try Course(root: root)
        let parsed = Course.parses.below(root)
        var grader = ClassGrader(course: course, toolchain: toolchain, options: options, chapters: [1])
        grader.width = 2
        let class_ = grader
        let results = try await onOwnThread { try class_.grade(students) }
        #expect(Course.parses.below(root) == parsed, "the class graded against the course it was given, no chapter parsed again")
        #expect(results.map(\.student.name) == ["ann", "ben", "cat", "dan", "eli"], "in the class's order")
        #expect(results.map(\.gradedWith) == [nil, nil, "ann", nil, nil],
                "cat's files are ann's; eli's are dan's, but dan's grade names dan's folder")
        #expect(results[2].contentKey == results[0].contentKey)
        #expect(try timeless(results[2].grades) == timeless(results[0].grades))
        #expect(results[0].grades.first?.exercises.first?.status == .failed)

        // Graded alone, cat gets the grade ann's grading gave: nothing in it depends on the folder.
        let alone = try await onOwnThread { try class_.grade([students[2]]) }
        #expect(alone.first?.gradedWith == nil)
        #expect(try timeless(alone.first?.grades ?? []) == timeless(results[2].grades))
        // dan's and eli's grades each name their own file, as they would alone.
        let output = { (result: ClassGrader.StudentResult) in result.grades.first?.exercises.first?.tests.first?.output ?? "" }
        #expect(output(results[3]).contains("class/dan/01-basics/Ex1_Add.swift"), "\(output(results[3]))")
        #expect(output(results[4]).contains("class/eli/01-basics/Ex1_Add.swift"), "\(output(results[4]))")
    }

    @Test("students fall in groups by their files; one with nothing to grade is a group of their own")
    func groups() {
        let here = URL(fileURLWithPath: "/tmp")
        let students = ["a", "b", "c", "d", "e"].map { StudentSubmission(name: $0, form: .workspace, workspace: $0 == "d" || $0 == "e" ? nil : here) }
        #expect(ClassGrader.sameFiles(students, keys: ["x", "y", "x", "", ""]) == [[0, 2], [1], [3], [4]])
    }

    @Test("a link in a workspace is not the file it names")
    func linkKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain"), linked = folder.appendingPathComponent("linked")
        for workspace in [plain, linked] { try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true) }
        try "let x = 1\n".write(to: plain.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        try "let x = 1\n".write(to: folder.appendingPathComponent("elsewhere.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: linked.appendingPathComponent("A.swift").path, withDestinationPath: "../elsewhere.swift")
        #expect(ClassGrader.contentKey(plain) != ClassGrader.contentKey(linked))
        let copy = folder.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: plain, to: copy)
        #expect(ClassGrader.contentKey(plain) == ClassGrader.contentKey(copy))
    }
}
