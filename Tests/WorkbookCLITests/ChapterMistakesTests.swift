import Foundation
import Testing
import WorkbookTestSupport
import WorkbookKit
@testable import WorkbookCLI

/// Plausible wrong answers put into the real chapters' exercises (the reference with one
/// edit), graded with `workbook check N --full`, and the report read as a learner reads
/// it: the exercise does not pass, its section names the learner's file and line, every
/// failing test is listed, and no cause is named that the mistake does not have.
// Not serialized: each chapter's case grades in a copy of its own, so the five run side by
// side. One after another, they were the engine suite's critical path (a sixth of its CPU,
// all of its wall time: 101 s of a 105 s run on a quiet machine).
@Suite("Reports on the chapters' plausible mistakes", .tags(.compiles))
struct ChapterMistakesTests {
    struct Mistake: Sendable, CustomStringConvertible {
        var exercise: String
        var file: String
        var replace: String
        var with: String
        /// Phrases the exercise's section must hold (a cause the tests established, a dependency).
        var says: [String] = []
        /// Phrases it must not hold: causes this mistake does not have.
        var neverSays: [String] = []
        /// Another exercise whose section must name this mistake's exercise as a dependency.
        var dependent: String?

        var description: String { "\(exercise): \(replace) → \(with)" }
    }

    /// Causes that were once printed whatever the mistake: none may appear unless established.
    static let cannedCauses = [
        "is each price multiplied by its quantity", "Compare the names with localizedStandardCompare, not <",
        "order.items comes from a dictionary", "the badge was already gone", "libdispatch traps like this",
        "while the main queue was busy fetching", "did you", "is it $0 - $1",
    ]

    /// Rounds per chapter: each round's mistakes (one per file) are graded together.
    static let chapters: [(number: Int, rounds: [[Mistake]])] = [
        (1, [
            [Mistake(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "sum + itemTotal", with: "sum - itemTotal"),
             Mistake(exercise: "1.1", file: "Ex1_Operations.swift", replace: "{ $0 - $1 }", with: "{ $1 - $0 }",
                     says: ["that is 3 − 10, the numbers taken the other way round"])],
            [Mistake(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "price * Decimal(quantity)", with: "price + Decimal(quantity)"),
             Mistake(exercise: "1.1", file: "Ex1_Operations.swift", replace: "\"-\": subtract", with: "\"-\": add",
                     says: ["\"-\" holds the adding closure"])],
            [Mistake(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "sum + itemTotal(entry.key.price, entry.value)", with: "sum + entry.key.price",
                     says: ["that is one milkshake's price, so the quantity (3) was not applied"]),
             Mistake(exercise: "1.1", file: "Ex1_Operations.swift", replace: "{ max($0, $1) }", with: "{ min($0, $1) }")],
        ]),
        (2, [
            [Mistake(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "for index in indices where", with: "for index in 0..<count where",
                     says: ["in your code (innermost first):", "Ex2_IndexesWhere.swift:"]),
             Mistake(exercise: "2.7", file: "Ex7_FirstMatches.swift", replace: "if found.count == count { break }", with: "if found.count > count { break }")],
            [Mistake(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "result.insert(index)", with: "result.insert(index + 1)",
                     neverSays: ["walk `indices`, not `enumerated()` offsets"]),
             Mistake(exercise: "2.7", file: "Ex7_FirstMatches.swift", replace: "guard count > 0 else", with: "guard count > -1 else")],
            [Mistake(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "where try predicate", with: "where try !predicate"),
             Mistake(exercise: "2.7", file: "Ex7_FirstMatches.swift", replace: "found.append(element)", with: "found.insert(element, at: 0)")],
        ]),
        (3, [
            [Mistake(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "screen.chalkboard.text = DinerScreen.loadedText", with: "_ = DinerScreen.loadedText",
                     neverSays: ["the fetch ran on the main queue"]),
             Mistake(exercise: "3.1", file: "Ex1_DinerQueue.swift", replace: "queue.async(execute: done)", with: "done()")],
            [Mistake(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "    queue.async {", with: "    DispatchQueue.main.async {",
                     says: ["the inventory was fetched on main"]),
             Mistake(exercise: "3.1", file: "Ex1_DinerQueue.swift", replace: "qos: .userInitiated)", with: "qos: .userInitiated, attributes: .concurrent)",
                     says: ["the queue is concurrent"])],
            [Mistake(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "screen.inventory = items", with: "_ = items",
                     says: ["screen.inventory holds 0 items"], neverSays: ["the fetch ran on the main queue"]),
             Mistake(exercise: "3.1", file: "Ex1_DinerQueue.swift", replace: "label: dinerQueueLabel", with: "label: \"diner\"")],
        ]),
        (4, [
            [Mistake(exercise: "4.1", file: "Ex1_Moves.swift", replace: "case .up: frame.origin.y = bounds.minY + offset", with: "case .up: frame.origin.y = bounds.maxY + offset",
                     dependent: "4.2"),
             Mistake(exercise: "4.6", file: "Ex6_Badge.swift", replace: "root.addSubview(badge)", with: "_ = root",
                     says: ["the badge was not in screen.root (its superview: none)"])],
            [Mistake(exercise: "4.1", file: "Ex1_Moves.swift", replace: "case .left: frame.origin.x = bounds.minX + offset", with: "case .left: frame.origin.x = bounds.minX - offset",
                     dependent: "4.2"),
             Mistake(exercise: "4.6", file: "Ex6_Badge.swift", replace: "        badge.removeFromSuperview()\n    }",
                     with: "    }\n    badge.removeFromSuperview()")],
            [Mistake(exercise: "4.1", file: "Ex1_Moves.swift", replace: "bounds.maxY - offset - frame.height", with: "bounds.maxY - offset",
                     dependent: "4.2"),
             Mistake(exercise: "4.6", file: "Ex6_Badge.swift", replace: "badge.alpha = 0", with: "badge.alpha = 0.5")],
        ]),
        (5, [
            [Mistake(exercise: "5.1", file: "Ex1_OrderDescription.swift", replace: "$0.name < $1.name", with: "$0.name > $1.name",
                     says: ["the lines are in reverse name order"], neverSays: ["is a dictionary"]),
             Mistake(exercise: "5.3", file: "Ex3_SortChecklists.swift", replace: ".orderedAscending", with: ".orderedDescending",
                     says: ["that is the expected order reversed"], neverSays: ["that is the order `<` gives"])],
            [Mistake(exercise: "5.1", file: "Ex1_OrderDescription.swift", replace: ".joined(separator: \"\\n\")", with: ".joined(separator: \", \")",
                     neverSays: ["is a dictionary"]),
             Mistake(exercise: "5.3", file: "Ex3_SortChecklists.swift", replace: "first.name.localizedStandardCompare(second.name) == .orderedAscending",
                     with: "first.name < second.name", says: ["that is the order `<` gives"])],
            [Mistake(exercise: "5.1", file: "Ex1_OrderDescription.swift", replace: "x\\(order.quantity(of: $0))", with: "x \\(order.quantity(of: $0))"),
             Mistake(exercise: "5.3", file: "Ex3_SortChecklists.swift", replace: "first.name.localizedStandardCompare(second.name) == .orderedAscending",
                     with: "first.name.lowercased() < second.name.lowercased()")],
        ]),
    ]

    /// The repository's chapters, modules and chapter tests, copied to a fresh root.
    static func workbookCopy() throws -> URL {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wb-mistakes-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        try manager.copyItem(at: repository.appendingPathComponent("chapters"), to: root.appendingPathComponent("chapters"))
        try manager.copyItem(at: repository.appendingPathComponent("Package.swift"), to: root.appendingPathComponent("Package.swift"))
        for name in try manager.contentsOfDirectory(atPath: repository.appendingPathComponent("Sources").path)
        where name == "Diner" || name == "Stage" || name == "Predictions" || name.hasPrefix("Chapter") {
            try manager.copyItem(at: repository.appendingPathComponent("Sources/\(name)"), to: root.appendingPathComponent("Sources/\(name)"))
        }
        for name in try manager.contentsOfDirectory(atPath: repository.appendingPathComponent("Tests").path) where name.hasPrefix("Chapter") {
            try manager.copyItem(at: repository.appendingPathComponent("Tests/\(name)"), to: root.appendingPathComponent("Tests/\(name)"))
        }
        return root
    }

    /// The lines under an exercise's line in a text report, up to the next exercise or the totals.
    static func section(of id: String, in report: String) -> String? {
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = " \(id.padding(toLength: 5, withPad: " ", startingAt: 0)) "
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  ") && $0.dropFirst(3).hasPrefix(marker) }) else { return nil }
        let end = lines[(start + 1)...].firstIndex { line in
            line.isEmpty || (line.hasPrefix("  ") && !line.hasPrefix("   ") && ["✓", "✗", "!", "·"].contains(line.dropFirst(2).prefix(1)))
        } ?? lines.count
        return lines[start..<end].joined(separator: "\n")
    }

    @Test("each mistake's report names the learner's file:line, lists every failing test, and no false cause",
          .timeLimit(.minutes(10)), arguments: ChapterMistakesTests.chapters.map(\.number))
    func mistakes(in chapterNumber: Int) async throws {
        let root = try Self.workbookCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        // Diner and Stage, built once for the five chapters' copies.
        try await onOwnThread { try SeededModules.seed(root) }
        let session = FixtureSession(root: root)
        for (number, rounds) in Self.chapters where number == chapterNumber {
            let workbook = try session.workbook()
            let chapter = try workbook.chapter("\(number)")
            #expect(await session.run("start", "\(number)").code == 0)
            let folder = "exercises/\(chapter.stem)"
            for round in rounds {
                // Every exercise right, then this round's mistakes.
                for exercise in chapter.exercises {
                    try session.write(session.file(exercise.referenceFile!)!, to: "\(folder)/\(exercise.fileName!)")
                }
                for mistake in round {
                    let path = "\(folder)/\(mistake.file)"
                    let text = try #require(session.file(path))
                    #expect(text.contains(mistake.replace), "\(mistake): the reference no longer holds the text to replace")
                    try session.write(text.replacingOccurrences(of: mistake.replace, with: mistake.with), to: path)
                }
                let report = await session.run("check", "\(number)", "--full")
                let json = await session.run("check", "\(number)", "--format", "json")
                // The chapter is one results.json: its tests are named "N.M · name".
                let allTests = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])["tests"] as? [[String: Any]] ?? []
                for mistake in round {
                    let section = try #require(Self.section(of: mistake.exercise, in: report.out), "\(mistake): no section in\n\(report.out)")
                    #expect(section.split(separator: "\n").first?.hasSuffix("passed") == false, "\(mistake) passed:\n\(section)")
                    #expect(section.contains("\(folder)/\(mistake.file):"), "\(mistake): the learner's file:line is missing:\n\(section)")
                    // What the report says, without the test's own lines it quotes (`48 |     …`).
                    let said = section.split(separator: "\n").filter { line in
                        line.range(of: #"^\s+\d+ \| "#, options: .regularExpression) == nil
                    }.joined(separator: "\n")
                    for phrase in mistake.says { #expect(said.contains(phrase), "\(mistake): “\(phrase)” is missing:\n\(section)") }
                    for phrase in mistake.neverSays + Self.cannedCauses {
                        #expect(!said.contains(phrase), "\(mistake): says “\(phrase)”:\n\(section)")
                    }
                    let tests = allTests.filter { ($0["name"] as? String)?.hasPrefix("\(mistake.exercise) · ") == true }
                    let failing = tests.filter { $0["status"] as? String == "fail" }.count
                    if section.contains("failed") {
                        #expect(section.components(separatedBy: "✗ “").count - 1 == failing,
                                "\(mistake): \(failing) failing tests, but the report lists others:\n\(section)")
                    }
                    if let dependent = mistake.dependent {
                        let other = try #require(Self.section(of: dependent, in: report.out))
                        #expect(other.contains("\(dependent) uses ") && other.contains("from your \(mistake.file) (exercise \(mistake.exercise), failing): fix \(mistake.exercise) first"),
                                "\(mistake): \(dependent) does not name it first:\n\(other)")
                    }
                }
            }
        }
    }
}
