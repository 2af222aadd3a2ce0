import Foundation
import Testing
@testable import WorkbookGrading
import WorkbookTestSupport
@testable import WorkbookModel
@testable import WorkbookToolchain

/// Issue 15: what one workspace's grading may never carry into another's, and files that
/// try to move the blame.
@Suite("Grading keeps workspaces and exercises apart", .serialized, .tags(.compiles, .backend))
struct GradingIsolationTests {
    /// A workspace for chapter 1 of the fixture: the references, with `add` broken.
    private func workspace(_ name: String, in root: URL, broken: String) throws -> URL {
        let folder = root.appendingPathComponent("\(name)/01-basics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Sources/Chapter01Basics/\(file)"), to: folder.appendingPathComponent(file))
        }
        try broken.write(to: folder.appendingPathComponent("Ex1_Add.swift"), atomically: true, encoding: .utf8)
        return folder.deletingLastPathComponent()
    }

    @Test("two workspaces with the same broken file each see their own path, and the rest pass")
    func twoWorkspaces() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = "public func add(_ a: Int, _ b: Int) -> Int { \"x\" }\n"
        let toolchain = try await onOwnThread { try SwiftToolchain.forTests() }
        for name in ["first", "second"] {
            let workbook = try Workbook(root: root, exercisesFolder: try workspace(name, in: root, broken: broken))
            let grader = Grader(workbook: workbook, toolchain: toolchain)
            let chapter = try workbook.chapter("1")
            let grade = try await onOwnThread { try grader.grade(chapter) }
            #expect(grade.exercises.map(\.status) == [.doesNotCompile, .passed, .passed], "\(name): \(grade.exercises.map(\.message))")
            #expect(grade.exercises[0].message.contains("\(name)/01-basics/Ex1_Add.swift:1:"), "\(name): \(grade.exercises[0].message)")
            let other = name == "first" ? "second" : "first"
            #expect(!grade.exercises[0].message.contains("\(other)/"), "another workspace's path: \(grade.exercises[0].message)")
        }
    }

    @Test("a #sourceLocation in a learner's file is refused at its line, and the other exercises still pass")
    func relocatedDiagnostics() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let relocated = """
            #sourceLocation(file: "Sources/Chapter01Basics/Ex2_Apply.swift", line: 1)
            public func add(_ a: Int, _ b: Int) -> Int { "x" }
            #sourceLocation()

            """
        let workbook = try Workbook(root: root, exercisesFolder: try workspace("ws", in: root, broken: relocated))
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() })
        let chapter = try workbook.chapter("1")
        let grade = try await onOwnThread { try grader.grade(chapter) }
        #expect(grade.exercises.map(\.status) == [.doesNotCompile, .passed, .passed], "\(grade.exercises.map(\.message))")
        #expect(grade.exercises[0].message.contains("ws/01-basics/Ex1_Add.swift:1:1: error: `#sourceLocation`"))
    }
}

@Suite("Declarations that would change the tests are refused")
struct ReachIntoTestsTests {
    @Test("a public operator the reference does not declare, or a public extension of a shared type, is refused at its line",
          arguments: [
              ("public func == (lhs: [Int], rhs: [Int]) -> Bool { true }", 2),
              ("extension Array where Element == Int {\n    public static func ==(lhs: [Int], rhs: [Int]) -> Bool { true }\n}", 3),
              ("public extension Array {\n    func total() -> Int { 0 }\n}", 2),
              // By the declaration, not the line (issue 34): these passed a check by line.
              ("public\nfunc == (lhs: Int, rhs: Int) -> Bool { true }", 2),
              ("extension Array where Element == Int {\n    @inlinable public\n    static\n    func ==(lhs: [Int], rhs: [Int]) -> Bool { true }\n}", 3),
              ("@available(*, deprecated) public /* why not */ extension\nString { }", 2),
          ])
    func refused(_ declaration: String, line: Int) {
        let learner = "import Foundation\n" + declaration + "\n"
        let message = ReachIntoTests.refusal(learner: learner, reference: "public func add() {}", shownPath: "exercises/x/Ex1.swift")
        #expect(message?.hasPrefix("exercises/x/Ex1.swift:\(line):1: error: a public") == true, "\(message ?? "nil")")
    }

    @Test("internal operators, the reference's own operators, operators in comments and other extensions pass",
          arguments: [
              "func == (lhs: Money, rhs: Money) -> Bool { true }",
              "public static func < (lhs: Item, rhs: Item) -> Bool { true }",
              "// public func == (lhs: [Int], rhs: [Int]) -> Bool",
              "extension Array { func total() -> Int { 0 } }",
              "public extension Order { func total() -> Int { 0 } }",
              "let text = \"public func == (lhs: [Int], rhs: [Int]) -> Bool\"",
              "/* public\n func == (lhs: [Int], rhs: [Int]) -> Bool */",
              "public let limit = 3\nfunc == (lhs: Money, rhs: Money) -> Bool { true }",
          ])
    func allowed(_ declaration: String) {
        let reference = "public struct Item { public static func < (lhs: Item, rhs: Item) -> Bool { true } }"
        #expect(ReachIntoTests.refusal(learner: declaration, reference: reference, shownPath: "f.swift") == nil)
    }
}

@Suite("#sourceLocation is found in code only")
struct SourceLocationTokenTests {
    @Test("a #sourceLocation directive is found at its line; in a string or a comment it is not")
    func found() {
        #expect(ReachIntoTests.sourceLocationLine("let a = 1\n  #sourceLocation(file: \"x\", line: 1)\n") == 2)
        #expect(ReachIntoTests.sourceLocationLine("let a = \"#sourceLocation(file: x)\"\n// #sourceLocation()\n") == nil)
    }
}

@Suite("A redeclaration is blamed on the file that should not declare it", .serialized, .tags(.compiles, .backend))
struct RedeclarationBlameTests {
    @Test("a learner's 1.2 that declares 1.1's add is the one that does not compile; 1.1 and 1.3 pass")
    func redeclaration() async throws {
        let root = try GradingFixture.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("ws/01-basics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Sources/Chapter01Basics/\(file)"), to: folder.appendingPathComponent(file))
        }
        let apply = folder.appendingPathComponent("Ex2_Apply.swift")
        try (String(contentsOf: apply, encoding: .utf8) + "\npublic func add(_ a: Int, _ b: Int) -> Int { a * b }\n")
            .write(to: apply, atomically: true, encoding: .utf8)
        let lines = try String(contentsOf: apply, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("public func add") }) + 1
        let workbook = try Workbook(root: root, exercisesFolder: folder.deletingLastPathComponent())
        let grader = Grader(workbook: workbook, toolchain: try await onOwnThread { try SwiftToolchain.forTests() })
        let chapter = try workbook.chapter("1")
        let grade = try await onOwnThread { try grader.grade(chapter) }
        #expect(grade.exercises.map(\.status) == [.passed, .doesNotCompile, .passed], "\(grade.exercises.map(\.message))")
        #expect(grade.exercises[1].message.hasPrefix("ws/01-basics/Ex2_Apply.swift:\(line):1: error: your file declares `add` again"),
                "\(grade.exercises[1].message)")
    }
}

@Suite("The workbook reads only files of its own")
struct WorkbookLinksTests {
    @Test("a reference that links out of its folder is refused; a top-level folder that is a link is fine")
    func links() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("wb-links-\(UUID().uuidString)")
        let elsewhere = manager.temporaryDirectory.appendingPathComponent("wb-links-real-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root); try? manager.removeItem(at: elsewhere) }
        for folder in [root.appendingPathComponent("chapters"), root.appendingPathComponent("Sources/M"), elsewhere.appendingPathComponent("M")] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try "".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("Sources/M/Ex1.swift").path, withDestinationPath: "/etc/passwd")
        try "let x = 1\n".write(to: elsewhere.appendingPathComponent("M/Ex2.swift"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("Tests").path, withDestinationPath: elsewhere.path)
        let workbook = try Workbook(root: root)
        #expect(throws: WorkbookError.self) { try workbook.read("Sources/M/Ex1.swift") }
        #expect(throws: WorkbookError.self) { try workbook.read("Sources/../Package.swift") }
        #expect(try workbook.read("Tests/M/Ex2.swift") == "let x = 1\n")
    }
}
