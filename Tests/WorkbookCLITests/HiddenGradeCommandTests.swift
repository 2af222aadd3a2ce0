import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI

/// Issue 31: a class graded with hidden tests — the gradebook and the feedback pages show
/// visible and hidden results apart; the points rule is the same as without them.
@Suite("Grading a class with hidden tests", .serialized, .tags(.compiles))
struct HiddenGradeCommandTests {
    /// Exercise 1.1's hidden test: an answer that only holds for small numbers fails it.
    static let hidden = """
        import Testing
        import Chapter01Basics

        extension Ex1_AddTests {
            @Test("adds numbers past a byte")
            func pastAByte() {
                #expect(add(1_000, 234) == 1_234)
            }
        }

        """

    @Test("a student who passes the visible tests but fails a hidden one: the gradebook shows them apart, and scores by the same rule")
    func visibleAndHiddenApart() async throws {
        let session = try FixtureSession()
        try FileManager.default.createDirectory(at: session.root.appendingPathComponent("Tests/Chapter01BasicsTests/Hidden"), withIntermediateDirectories: true)
        try session.write(Self.hidden, to: "Tests/Chapter01BasicsTests/Hidden/Ex1_AddHiddenTests.swift")
        let references = session.root.appendingPathComponent("Sources/Chapter01Basics")
        for name in ["ada", "kit"] {
            let folder = session.root.appendingPathComponent("class/\(name)/01-basics")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in ["Ex1_Add.swift", "Ex2_Apply.swift", "Ex3_Total.swift"] {
                try FileManager.default.copyItem(at: references.appendingPathComponent(file), to: folder.appendingPathComponent(file))
            }
        }
        // Right for the visible tests' small numbers, wrong past a byte: a plausible mistake hidden tests are for.
        try session.write("public func add(_ a: Int, _ b: Int) -> Int { Int(Int8(truncatingIfNeeded: a + b)) }\n",
                          to: "class/kit/01-basics/Ex1_Add.swift")
        let graded = await session.run("grade", "class", "--chapter", "1", "--timeout", "5")
        #expect(graded.code == 0, "\(graded.out)\(graded.err)")
        let csv = try #require(session.file("gradebook/gradebook.csv"))
        let lines = csv.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "student,1.1 status,1.1 points,1.1 tests,1.2 status,1.2 points,1.2 tests,1.3 status,1.3 points,1.3 tests,total,possible,look at this",
                "a tests column per exercise when the course has hidden tests: \(lines.first ?? "")")
        // A tally holds a comma, so the CSV quotes it; the other exercises have no hidden tests.
        #expect(lines.contains(#"ada,passed,1,"visible 2/2, hidden 1/1",passed,1,visible 1/1,passed,1,visible 2/2,3,3,"#), "\(csv)")
        // The rule unchanged: the starter (0) fails all three tests of 1.1, kit passes two of them.
        #expect(lines.contains(#"kit,failed,0.67,"visible 2/2, hidden 0/1",passed,1,visible 1/1,passed,1,visible 2/2,2.67,3,"#), "\(csv)")
        let html = try #require(session.file("gradebook/gradebook.html"))
        #expect(html.contains(#"<span class="tally">visible 2/2, hidden 0/1</span>"#), "the gradebook's cell shows them apart")
        #expect(html.contains("2 of 3 tests passed"), "the reason next to the partial credit counts hidden tests too")
        let feedback = try #require(session.file("gradebook/students/kit/feedback.html"))
        #expect(feedback.contains("<th scope=\"col\">Tests</th>") && feedback.contains("<td>visible 2/2, hidden 0/1</td>"), "\(feedback)")
        #expect(feedback.contains("visible tests 2/2, hidden tests 0/1"))
        #expect(feedback.contains("✗ “adds numbers past a byte” (hidden test)"), "after grading, the hidden failure is the student's to read")
        let json = try #require(session.file("gradebook/students/kit/01-basics.json"))
        #expect(json.contains(#""hidden":true"#), "results.json marks the hidden test")
    }
}
