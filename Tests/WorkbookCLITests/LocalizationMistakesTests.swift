import Foundation
import Testing
import WorkbookTestSupport
@testable import WorkbookCLI

/// Learners' mistakes planted one at a time into the real chapters' reference solutions,
/// each checked with `workbook check N.M` as a learner checks it: the exercise does not
/// pass, and the repair probe's "look here" names the mistake's line, or says plainly that
/// no line is singled out — never another line (issue 54). The hit rate is printed, and
/// must reach the issue's 80% in each chapter.
@Suite("The repair probe names the line of a planted mistake", .tags(.compiles, .localization))
struct LocalizationMistakesTests {
    struct Mistake: Sendable, CustomStringConvertible {
        var exercise: String
        var file: String
        var replace: String
        var with: String
        /// What kind of slip it is, for the table's readers.
        var kind: String

        var description: String { "\(exercise) (\(kind)): \(replace.trimmingCharacters(in: .whitespaces)) → \(with.trimmingCharacters(in: .whitespaces))" }
    }

    static let mistakes: [Int: [Mistake]] = [
        1: [
            Mistake(exercise: "1.1", file: "Ex1_Operations.swift", replace: "{ max($0, $1) }", with: "{ min($0, $1) }", kind: "wrong extreme"),
            Mistake(exercise: "1.1", file: "Ex1_Operations.swift", replace: "return a + b }", with: "return a - b }", kind: "wrong operator"),
            Mistake(exercise: "1.4", file: "Ex4_OrderTotal.swift", replace: "sum + itemTotal", with: "sum - itemTotal", kind: "wrong operator"),
            Mistake(exercise: "1.6", file: "Ex6_ActionButton.swift", replace: "actions.removeAll { $0.id == id }",
                    with: "actions.removeAll { $0.id != id }", kind: "flipped comparison"),
            Mistake(exercise: "1.6", file: "Ex6_ActionButton.swift", replace: "guard isEnabled else { return false }",
                    with: "guard !isEnabled else { return false }", kind: "flipped condition"),
            Mistake(exercise: "1.2", file: "Ex2_Counter.swift", replace: "count += 1", with: "count -= 1", kind: "wrong operator"),
            Mistake(exercise: "1.2", file: "Ex2_Counter.swift", replace: "    var count = 0\n", with: "    var count = 1\n", kind: "off by one"),
            Mistake(exercise: "1.6", file: "Ex6_ActionButton.swift", replace: "        isEnabled = false\n",
                    with: "        isEnabled = true\n", kind: "wrong flag"),
        ],
        2: [
            Mistake(exercise: "2.1", file: "Ex1_Enumerate.swift", replace: "            try body(element, index, &stop)\n            if stop { return true }",
                    with: "            if stop { return true }\n            try body(element, index, &stop)", kind: "stop checked too early"),
            Mistake(exercise: "2.1", file: "Ex1_Enumerate.swift", replace: "if stop { return true }", with: "if stop { return false }",
                    kind: "wrong result"),
            Mistake(exercise: "2.7", file: "Ex7_FirstMatches.swift", replace: "if found.count == count { break }",
                    with: "if found.count > count { break }", kind: "off-by-one comparison"),
            Mistake(exercise: "2.7", file: "Ex7_FirstMatches.swift", replace: "guard count > 0 else { return [] }",
                    with: "guard count >= 0 else { return [] }", kind: "boundary"),
            Mistake(exercise: "2.4", file: "Ex4_FindKey.swift", replace: "$0.name == item.name && $0.price == item.price",
                    with: "$0.name == item.name || $0.price == item.price", kind: "wrong boolean operator"),
            Mistake(exercise: "2.6", file: "Ex6_DeleteGreaterThan.swift", replace: "where number > limit {", with: "where number >= limit {",
                    kind: "boundary"),
            Mistake(exercise: "2.6", file: "Ex6_DeleteGreaterThan.swift", replace: "removeAll { $0 > limit }", with: "removeAll { $0 < limit }",
                    kind: "flipped comparison"),
            Mistake(exercise: "2.5", file: "Ex5_DeleteSection.swift", replace: "        return true\n", with: "        return false\n",
                    kind: "wrong result"),
            Mistake(exercise: "2.2", file: "Ex2_IndexesWhere.swift", replace: "where try predicate(self[index])",
                    with: "where try !predicate(self[index])", kind: "flipped condition"),
        ],
        3: [
            Mistake(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "    queue.async {\n", with: "    queue.sync {\n",
                    kind: "sync for async"),
            Mistake(exercise: "3.2", file: "Ex2_LoadInventory.swift", replace: "            done()\n", with: "            done()\n            done()\n",
                    kind: "completion called twice"),
            Mistake(exercise: "3.5", file: "Ex5_SharedOrder.swift", replace: "order.quantity(of: item) < limit", with: "order.quantity(of: item) <= limit",
                    kind: "off-by-one comparison"),
            Mistake(exercise: "3.10", file: "Ex10_Debouncer.swift", replace: "guard latest == ticket else", with: "guard latest != ticket else",
                    kind: "flipped comparison"),
            Mistake(exercise: "3.10", file: "Ex10_Debouncer.swift", replace: "if stillLatest { action() }", with: "if !stillLatest { action() }",
                    kind: "flipped condition"),
            Mistake(exercise: "3.3", file: "Ex3_InventoryButtons.swift", replace: "current != nil && index > 0",
                    with: "current != nil && index >= 0", kind: "boundary"),
            Mistake(exercise: "3.3", file: "Ex3_InventoryButtons.swift", replace: "current != nil && !screen.order.isEmpty",
                    with: "current != nil || !screen.order.isEmpty", kind: "wrong boolean operator"),
            Mistake(exercise: "3.3", file: "Ex3_InventoryButtons.swift", replace: "screen.currentItemIndex = 0", with: "screen.currentItemIndex = 1",
                    kind: "off by one"),
            Mistake(exercise: "3.4", file: "Ex4_MenuAndSpecials.swift", replace: "results.withLock { $0.specials = fetched }",
                    with: "results.withLock { $0.menu = fetched }", kind: "wrong key"),
        ],
        4: [
            Mistake(exercise: "4.1", file: "Ex1_Moves.swift", replace: "case .up: frame.origin.y = bounds.minY + offset",
                    with: "case .up: frame.origin.y = bounds.minY - offset", kind: "wrong sign"),
            Mistake(exercise: "4.1", file: "Ex1_Moves.swift", replace: "bounds.maxX - offset - frame.width",
                    with: "bounds.maxX - offset + frame.width", kind: "wrong sign"),
            Mistake(exercise: "4.6", file: "Ex6_Badge.swift", replace: "        badge.alpha = 0\n", with: "        badge.alpha = 1\n",
                    kind: "wrong end value"),
            Mistake(exercise: "4.9", file: "Ex9_KeepContract.swift", replace: "if outcome == .cancelled { cancelled?() }",
                    with: "if outcome != .cancelled { cancelled?() }", kind: "flipped comparison"),
            Mistake(exercise: "4.9", file: "Ex9_KeepContract.swift", replace: "            done?(.cancelled)\n",
                    with: "            done?(.cancelled)\n            done?(.cancelled)\n", kind: "completion called twice"),
        ],
        5: [
            Mistake(exercise: "5.1", file: "Ex1_OrderDescription.swift", replace: "$0.name < $1.name", with: "$0.name > $1.name", kind: "flipped comparison"),
            Mistake(exercise: "5.3", file: "Ex3_SortChecklists.swift", replace: ".orderedAscending", with: ".orderedDescending", kind: "flipped order"),
            Mistake(exercise: "5.5", file: "Ex5_MenuByPrice.swift", replace: "return first.price > second.price",
                    with: "return first.price < second.price", kind: "flipped comparison"),
            Mistake(exercise: "5.5", file: "Ex5_MenuByPrice.swift", replace: "if first.price != second.price {",
                    with: "if first.price == second.price {", kind: "flipped condition"),
            Mistake(exercise: "5.2", file: "Ex2_CountUnchecked.swift", replace: "(item.checked ? 0 : 1)", with: "(!item.checked ? 0 : 1)",
                    kind: "flipped condition"),
            Mistake(exercise: "5.2", file: "Ex2_CountUnchecked.swift", replace: "$0.countUncheckedItems() > 0", with: "$0.countUncheckedItems() >= 0",
                    kind: "boundary"),
            Mistake(exercise: "5.4", file: "Ex4_SortedDataModel.swift", replace: "var high = lists.count", with: "var high = lists.count - 1",
                    kind: "off by one, in a helper found through its caller"),
            Mistake(exercise: "5.10", file: "Ex10_HostList.swift", replace: "case .orderedAscending: return true",
                    with: "case .orderedAscending: return false", kind: "wrong result in a case"),
            Mistake(exercise: "5.10", file: "Ex10_HostList.swift", replace: "{ return first.table != nil }",
                    with: "{ return first.table == nil }", kind: "flipped comparison"),
            Mistake(exercise: "5.7", file: "Ex7_StableCourseSort.swift", replace: "if sections.last?.course == line.course {",
                    with: "if sections.last?.course != line.course {", kind: "flipped comparison"),
        ],
    ]

    /// Each mistake's report line: named (the right line), none (no line singled out), or wrong.
    enum Verdict: Sendable, Equatable { case named, none, wrong(String), passed }

    @Test("each planted mistake is caught, and the line named is the mistake's or none",
          .timeLimit(.minutes(20)), arguments: LocalizationMistakesTests.mistakes.keys.sorted())
    func plantedMistakes(in chapterNumber: Int) async throws {
        let root = try ChapterMistakesTests.workbookCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        try await onOwnThread { try SeededModules.seed(root) }
        let session = FixtureSession(root: root)
        let workbook = try session.workbook()
        let chapter = try workbook.chapter("\(chapterNumber)")
        #expect(await session.run("start", "\(chapterNumber)").code == 0)
        let folder = "exercises/\(chapter.stem)"
        for exercise in chapter.exercises {
            try session.write(session.file(exercise.referenceFile!)!, to: "\(folder)/\(exercise.fileName!)")
        }
        var verdicts: [(Mistake, Verdict, String)] = []
        for mistake in Self.mistakes[chapterNumber] ?? [] {
            let path = "\(folder)/\(mistake.file)"
            let reference = try #require(session.file(path))
            let at = try #require(reference.range(of: mistake.replace), "\(mistake): the reference no longer holds the text to replace")
            let planted = reference.replacingCharacters(in: at, with: mistake.with)
            try session.write(planted, to: path)
            defer { try? session.write(reference, to: path) }
            // The lines the mistake changed or added (1-based).
            let first = reference[..<at.lowerBound].count { $0 == "\n" } + 1
            let changed = Set(first...(first + mistake.with.count { $0 == "\n" }))
            let run = await session.run(["check", mistake.exercise], environment: ["WORKBOOK_TIMINGS": "1"])
            let section = try #require(ChapterMistakesTests.section(of: mistake.exercise, in: run.out), "\(mistake): no section in\n\(run.out)")
            let seconds = run.err.split(separator: "\n").first { $0.contains("located \(mistake.exercise):") }
                .flatMap { Double($0.dropFirst("workbook: ".count).prefix { $0 != "s" }.trimmingCharacters(in: .whitespaces)) }
            let verdict: Verdict
            if section.split(separator: "\n").first?.hasSuffix("passed") == true {
                verdict = .passed
            } else if let named = section.firstMatch(of: /\/([A-Za-z0-9_]+\.swift):(\d+): look here/) {
                verdict = named.output.1 == mistake.file && changed.contains(Int(named.output.2)!) ? .named : .wrong(String(named.output.0))
            } else {
                #expect(section.contains("no line singled out"), "\(mistake): the report neither names a line nor says none is singled out:\n\(section)")
                verdict = .none
            }
            let said = section.split(separator: "\n").first { $0.contains("look here") || $0.contains("no line singled out") }
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            verdicts.append((mistake, verdict, (seconds.map { String(format: "%.2f s", $0) } ?? "?") + (verdict == .named ? "" : " [\(said)]")))
            #expect(verdict != .passed, "\(mistake) passed: not caught")
            if case .wrong(let named) = verdict {
                Issue.record("\(mistake): the probe named \(named), not the mistake's line \(changed.sorted()):\n\(section)")
            }
        }
        let named = verdicts.filter { $0.1 == .named }.count
        let table = verdicts.map { "  \($0.1 == .named ? "hit " : "miss") \($0.2)  \($0.0)" }.joined(separator: "\n")
        print("chapter \(chapterNumber): the probe named the mistake's line for \(named) of \(verdicts.count)\n\(table)")
        // Issue 54's bar, per chapter.
        #expect(Double(named) >= 0.8 * Double(verdicts.count), "chapter \(chapterNumber): \(named) of \(verdicts.count) named")
    }
}
