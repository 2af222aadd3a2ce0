import Foundation
import Testing
import WorkbookTestSupport

@Suite("workbook mutate", .serialized, .tags(.compiles))
struct MutateCommandTests {
    @Test("lists the mutants of a chapter without grading them")
    func list() async throws {
        let session = try FixtureSession()
        let result = await session.run("mutate", "1", "--list")
        #expect(result.code == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 6, "\(result.out)")
        #expect(lines.contains("Sources/Chapter01Basics/Ex1_Add.swift:4: 1.1 arithmetic: a + b  →  a - b"), "\(result.out)")
    }

    @Test("makes mutants with the operators --operator names only, and refuses a name it does not know")
    func operatorFilter() async throws {
        let session = try FixtureSession()
        let only = await session.run("mutate", "1", "--list", "--operator", "arithmetic")
        #expect(only.code == 0, "\(only.err)")
        let lines = only.out.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(" arithmetic: ") }, "\(only.out)")
        let unknown = await session.run("mutate", "1", "--list", "--operator", "arithmetic,sync-for-async")
        #expect(unknown.code == 2 && unknown.err.contains("sync-for-async") && unknown.err.contains("completion-first"), "\(unknown.err)")
    }

    @Test("reports a survivor as file:line with its change, fails below the floor, and accepts it with a reason")
    func survivorThenAccepted() async throws {
        let session = try FixtureSession()
        // A test too weak to tell `+` from `-`.
        try session.write("""
            import Testing
            import Chapter01Basics

            @Suite("Exercise 1.1: Write `add`")
            struct Ex1_AddTests {
                @Test("adds nothing to nothing")
                func zero() { #expect(add(0, 0) == 0) }
            }
            """, to: "Tests/Chapter01BasicsTests/Ex1_AddTests.swift")
        let weak = await session.run("mutate", "1.1")
        #expect(weak.code == 1, "\(weak.out)\(weak.err)")
        #expect(weak.out.contains("Sources/Chapter01Basics/Ex1_Add.swift:4: survived: 1.1 arithmetic: a + b  →  a - b"), "\(weak.out)")
        #expect(weak.out.contains("below the floor of 95%"), "\(weak.out)")

        let noReason = await session.run("mutate", "1.1", "--accept", "Ex1_Add.swift:4:arithmetic")
        #expect(noReason.code == 2 && noReason.err.contains("--reason"), "\(noReason.err)")

        let accepted = await session.run("mutate", "1.1", "--accept", "Ex1_Add.swift:4:arithmetic",
                                         "--reason", "the tests only add zeros", "--format", "json")
        #expect(accepted.code == 0, "\(accepted.out)\(accepted.err)")
        #expect(session.file("Tests/Mutants/01-basics.txt")?.contains("Ex1_Add.swift:4:arithmetic  the tests only add zeros\n") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(accepted.out.utf8)) as? [String: Any])
        let chapter = try #require((json["chapters"] as? [[String: Any]])?.first)
        #expect(chapter["accepted"] as? Int == 1 && chapter["survived"] as? Int == 0, "\(chapter)")
        #expect(((chapter["acceptedMutants"] as? [[String: Any]])?.first?["reason"] as? String) == "the tests only add zeros")
    }
}
