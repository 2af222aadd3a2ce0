import Foundation
import Testing
import WorkbookTestSupport
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
        /// Text of the line that holds the mistake, when it is not `with`'s first line.
        var at: String?

        var description: String { "\(exercise): \(replace) → \(with)" }
    }

    /// Causes that were once printed whatever the mistake: none may appear unless established.
    static let cannedCauses = [
        "is each price multiplied by its quantity", "Compare the names with localizedStandardCompare, not <",
        "order.items comes from a dictionary", "the badge was already gone", "libdispatch traps like this",
        "while the main queue was busy fetching", "did you", "is it $0 - $1",
    ]

    static let tapsByMutex = """
            let taps = Mutex(0)
            button.addAction { _ in taps.withLock { $0 += 1 } }
            return { taps.withLock { $0 } }
        """

    /// Rounds per chapter: each round's mistakes (one per file, so the exercises stay
    /// independent) are graded together, in one `check`. Issue 33's planted mistakes are
    /// among them: 1.2's shared counter, 1.3's swapped closures, 1.5's strong capture,
    /// 1.7's wrong prediction, 1.8's snapshot, `[taps]` and `nonisolated(unsafe)`, 2.1's
    /// stop checked too early, 2.5's table told before its data source.
    static let chapters: [(number: Int, rounds: [[Mistake]])] = [
        (1, [
            [Mistake(exercise: "1.1", file: "Ex1_Operations.swift", replace: "{ $0 - $1 }", with: "{ $1 - $0 }",
                     says: ["that is 3 − 10, the numbers taken the other way round"]),
             Mistake(exercise: "1.2", file: "Ex2_Counter.swift", replace: "public func makeCounter() -> () -> Int {\n    // BEGIN SOLUTION\n    // `count` lives on after `makeCounter` returns because the closure\n    // captures the variable itself, not a copy of its value. Every call of\n    // `makeCounter` makes a fresh variable, so every counter has its own.\n    var count = 0\n",
                     with: "nonisolated(unsafe) var count = 0  // one count for every counter\n\npublic func makeCounter() -> () -> Int {\n    // BEGIN SOLUTION\n",
                     // The shared count's values depend on the order the tests ran in: no cause phrase is certain.
                     neverSays: ["refer to one closure"]),
             Mistake(exercise: "1.3", file: "Ex3_PriceWatch.swift",
                     replace: "live: { price },\n        // The capture list copies the value when the inner closure is created, that is,\n        // each time takeSnapshot runs: every snapshot keeps the price of its own moment.\n        takeSnapshot: { { [price] in price } }",
                     with: "live: { [price] in price },\n        takeSnapshot: { { price } }"),
             Mistake(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "sum + itemTotal", with: "sum - itemTotal"),
             Mistake(exercise: "1.5", file: "Ex5_IconPicker.swift",
                     replace: "[weak self] name in\n            guard let self else { return }  // the editor is gone: nothing to update",
                     with: "[self] name in  // strong: the editor holds the picker, the picker this closure"),
             Mistake(exercise: "1.6", file: "Ex6_ActionButton.swift", replace: "actions.removeAll { $0.id == id }", with: "actions.removeAll { $0.id != id }"),
             Mistake(exercise: "1.7", file: "Ex7_PredictCaptures.txt", replace: "this morning: soup", with: "this morning: stew",
                     neverSays: ["this morning: soup"]),
             Mistake(exercise: "1.8", file: "Ex8_TapCounter.swift", replace: "    return { taps.withLock { $0 } }",
                     with: "    let current = taps.withLock { $0 }\n    return { current }")],
            [Mistake(exercise: "1.8", file: "Ex8_TapCounter.swift", replace: tapsByMutex,
                     with: "    nonisolated(unsafe) var taps = 0\n    button.addAction { _ in taps += 1 }\n    return { taps }",
                     says: ["exercise 1.8 refuses `nonisolated(unsafe)`: its statement rules it out"]),
             Mistake(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "price * Decimal(quantity)", with: "price + Decimal(quantity)"),
             Mistake(exercise: "1.1", file: "Ex1_Operations.swift", replace: "\"-\": subtract", with: "\"-\": add",
                     says: ["\"-\" holds the adding closure"])],
            [Mistake(exercise: "1.8", file: "Ex8_TapCounter.swift", replace: tapsByMutex,
                     with: "    var taps = 0\n    button.addAction { _ in taps += 1 }\n    return { [taps] in taps }",
                     at: "    return { [taps] in taps }"),
             Mistake(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "sum + itemTotal(entry.key.price, entry.value)", with: "sum + entry.key.price",
                     says: ["that is one milkshake's price, so the quantity (3) was not applied"]),
             Mistake(exercise: "1.1", file: "Ex1_Operations.swift", replace: "{ max($0, $1) }", with: "{ min($0, $1) }")],
        ]),
        (2, [
            [Mistake(exercise: "2.1", file: "Ex1_Enumerate.swift", replace: "            try body(element, index, &stop)\n            if stop { return true }",
                     with: "            if stop { return true }\n            try body(element, index, &stop)"),
             Mistake(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "for index in indices where", with: "for index in 0..<count where",
                     says: ["in your code (innermost first):"]),
             Mistake(exercise: "2.4", file: "Ex4_FindKey.swift", replace: "quantities.keys.first { $0.name == item.name && $0.price == item.price }",
                     with: "quantities.keys.first { $0.name == item.name }.flatMap { $0.price == item.price ? $0 : nil }"),
             Mistake(exercise: "2.5", file: "Ex5_DeleteSection.swift",
                     replace: "        dataSource.sections.remove(at: index)\n        try table.deleteSections(IndexSet(integer: index), with: .automatic)",
                     with: "        try table.deleteSections(IndexSet(integer: index), with: .automatic)\n        dataSource.sections.remove(at: index)",
                     says: ["the table refused the update"],
                     neverSays: ["no deleteSections reached it", "set barButton to nil", "the table was never told"]),
             Mistake(exercise: "2.7", file: "Ex7_FirstMatches.swift", replace: "if found.count == count { break }", with: "if found.count > count { break }")],
            [Mistake(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "for index in indices where try predicate(self[index]) {",
                     with: "for index in indices where (try? predicate(self[index])) == true {"),
             Mistake(exercise: "2.4", file: "Ex4_FindKey.swift", replace: "quantities.keys.first { $0.name == item.name && $0.price == item.price }",
                     with: "quantities.keys.first { $0 == item }"),
             Mistake(exercise: "2.5", file: "Ex5_DeleteSection.swift",
                     replace: "        try table.deleteSections(IndexSet(integer: index), with: .automatic)\n        barButton = nil",
                     with: "        barButton = nil\n        try table.deleteSections(IndexSet(integer: index), with: .automatic)"),
             Mistake(exercise: "2.7", file: "Ex7_FirstMatches.swift", replace: "found.append(element)", with: "found.insert(element, at: 0)")],
        ]),
        (3, [
            [Mistake(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "    queue.async {", with: "    DispatchQueue.main.async {",
                     says: ["the inventory was fetched on main"]),
             Mistake(exercise: "3.1", file: "Ex1_DinerQueue.swift", replace: "qos: .userInitiated)", with: "qos: .userInitiated, attributes: .concurrent)",
                     says: ["the queue is concurrent"])],
        ]),
        (4, [
            [Mistake(exercise: "4.1", file: "Ex1_Moves.swift", replace: "case .up: frame.origin.y = bounds.minY + offset", with: "case .up: frame.origin.y = bounds.maxY + offset",
                     dependent: "4.2"),
             Mistake(exercise: "4.6", file: "Ex6_Badge.swift", replace: "root.addSubview(badge)", with: "_ = root",
                     says: ["the badge was not in screen.root (its superview: none)"],
                     // Its tests reach 4.1's file (the scenes use `Move.offset`) but never run
                     // `Move.target`: with 4.1's reference in place it fails the same (issue 55).
                     neverSays: ["needs 4.1", "exercise 4.1"])],
        ]),
        (5, [
            [Mistake(exercise: "5.1", file: "Ex1_OrderDescription.swift", replace: "$0.name < $1.name", with: "$0.name > $1.name",
                     says: ["the lines are in reverse name order"], neverSays: ["is a dictionary"]),
             Mistake(exercise: "5.3", file: "Ex3_SortChecklists.swift", replace: ".orderedAscending", with: ".orderedDescending",
                     says: ["that is the expected order reversed"], neverSays: ["that is the order `<` gives"])],
        ]),
    ]

    /// Issue 33 asks for at least 20, across the five chapters.
    @Test("at least 20 planted mistakes, in every chapter")
    func enoughMistakes() {
        #expect(Self.chapters.flatMap(\.rounds).flatMap { $0 }.count >= 20)
        #expect(Set(Self.chapters.map(\.number)) == [1, 2, 3, 4, 5])
        for (number, rounds) in Self.chapters {
            for round in rounds {
                #expect(Set(round.map(\.file)).count == round.count, "chapter \(number): one mistake per file in a round")
            }
        }
    }

    /// The 1-based line of the mistake in the planted file: `at`'s, else `with`'s first line.
    static func mistakeLine(_ mistake: Mistake, in text: String) -> (number: Int, text: String)? {
        let marker = mistake.at ?? String(mistake.with.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        guard let planted = text.range(of: mistake.with) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // From the planted text's first line on: the file's comments may hold the same words.
        let first = text[..<planted.lowerBound].count { $0 == "\n" }
        guard let index = lines[first...].firstIndex(where: { $0.contains(marker.trimmingCharacters(in: .whitespaces)) }) else { return nil }
        return (index + 1, lines[index])
    }

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
                var lineOf: [String: (number: Int, text: String)] = [:]
                for mistake in round {
                    let path = "\(folder)/\(mistake.file)"
                    let text = try #require(session.file(path))
                    #expect(text.contains(mistake.replace), "\(mistake): the reference no longer holds the text to replace")
                    let planted = text.replacingOccurrences(of: mistake.replace, with: mistake.with)
                    try session.write(planted, to: path)
                    let line = try #require(Self.mistakeLine(mistake, in: planted), "\(mistake): its line is not in the file")
                    lineOf[mistake.file] = line
                }
                let report = await session.run("check", "\(number)", "--full")
                let json = await session.run("check", "\(number)", "--format", "json")
                // The chapter is one results.json: its tests are named "N.M · name".
                let allTests = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])["tests"] as? [[String: Any]] ?? []
                for mistake in round {
                    let section = try #require(Self.section(of: mistake.exercise, in: report.out), "\(mistake): no section in\n\(report.out)")
                    #expect(section.split(separator: "\n").first?.hasSuffix("passed") == false, "\(mistake) passed:\n\(section)")
                    #expect(section.contains("\(folder)/\(mistake.file):"), "\(mistake): the learner's file:line is missing:\n\(section)")
                    // The mistake's own line: named as the statement (`file:12`), or among the
                    // learner's lines the report shows (`12 | …`, the text as planted).
                    if let line = lineOf[mistake.file] {
                        let named = section.contains("\(folder)/\(mistake.file):\(line.number)")
                        let shown = section.contains("\(line.number) | \(line.text)")
                        #expect(named || shown, "\(mistake): line \(line.number) (\(line.text)) is neither named nor shown:\n\(section)")
                    }
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
