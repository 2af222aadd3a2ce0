import Foundation
import Testing
import Chapter05Sorting

@Suite("Exercise 5.3: Sort the checklists as people read them")
struct Ex3_SortChecklistsTests {
    func sortedNames(_ names: [String], ascending: Bool = true) -> [String] {
        var lists = names.map { Checklist(name: $0) }
        sortChecklists(&lists, ascending: ascending)
        return lists.map(\.name)
    }

    @Test(
        "puts numbers in numeric order and ignores case",
        arguments: [
            // expected order; each is given to sortChecklists reversed
            ["item 2", "item 10"],  // `<` puts "item 10" first: '1' < '2'
            ["Item 2", "item 10"],
            ["apple", "Banana"],  // `<` puts "Banana" first: every capital comes before "a"
            ["Groceries", "party", "Zoo trip"],
            ["Day 1", "Day 9", "Day 10", "Day 100"],
        ])
    func readableOrder(expected: [String]) {
        let result = sortedNames(expected.reversed())
        #expect(
            result == expected,
            Comment(rawValue: "sorted to \(result); expected \(expected)"
                // Both can hold for two names: then neither alone is the cause.
                + (result == expected.sorted(by: <) && result == expected.reversed()
                    ? ": that is the expected order reversed, which is also the order `<` gives"
                    : result == expected.sorted(by: <) ? ": that is the order `<` gives (character codes); compare the names with localizedStandardCompare"
                    : result == expected.reversed() ? ": that is the expected order reversed" : "")))
    }

    @Test("sorts a whole shuffled list of lists")
    func shuffled() {
        let expected = ["Birthday", "errands", "Groceries", "Item 2", "item 10", "Packing", "to-do"]
        let input = ["to-do", "item 10", "Groceries", "Birthday", "Packing", "Item 2", "errands"]
        let result = sortedNames(input)
        #expect(result == expected, "sorted to \(result); expected \(expected)")
    }

    @Test("moves each list with its items, not just the names")
    func itemsTravelWithTheirList() {
        var lists = [
            Checklist(name: "Party", items: [ChecklistItem("Balloons")]),
            Checklist(name: "Groceries", items: [ChecklistItem("Milk"), ChecklistItem("Eggs", checked: true)]),
        ]
        sortChecklists(&lists)
        #expect(lists.map(\.name) == ["Groceries", "Party"], "got \(lists.map(\.name)); expected [\"Groceries\", \"Party\"]")
        #expect(
            lists.first?.items.map(\.text) == ["Milk", "Eggs"],
            "the Groceries list arrived with the items \(lists.first?.items.map(\.text) ?? []); sort the lists themselves so their items move with them")
    }

    @Test("keeps lists with the same name in the order they had")
    func equalNamesKeepTheirOrder() {
        var lists = ["Party", "Groceries", "errands", "Groceries", "Groceries", "Apple"].enumerated().map { index, name in
            Checklist(name: name, items: [ChecklistItem("#\(index)")])
        }
        sortChecklists(&lists)
        let result = lists.map { "\($0.name) \($0.items.first?.text ?? "")" }
        let expected = ["Apple #5", "errands #2", "Groceries #1", "Groceries #3", "Groceries #4", "Party #0"]
        // The ties are named only when they moved.
        let groceries = result.filter { $0.hasPrefix("Groceries ") }
        let tiesMoved = groceries.count == 3 && groceries != ["Groceries #1", "Groceries #3", "Groceries #4"]
        #expect(result == expected,
                Comment(rawValue: "sorted to \(result); expected \(expected)"
                    + (tiesMoved ? ": the three Groceries lists came out as \(groceries), not in the order they had; `sort` keeps equal names in their order when the closure says false for two equal names" : "")))
    }

    @Test("leaves an empty or one-list array as it is", arguments: [[], ["Only list"]] as [[String]])
    func trivial(names: [String]) {
        #expect(sortedNames(names) == names, "sorting \(names) should change nothing")
    }

    @Test("sorts Z–A as people read names too")
    func descending() {
        let expected = ["Zoo trip", "party", "item 10", "Item 2", "Groceries", "apple"]
        let input = ["Item 2", "apple", "Zoo trip", "item 10", "Groceries", "party"]
        let result = sortedNames(input, ascending: false)
        #expect(result == expected,
                Comment(rawValue: "sorted Z–A to \(result); expected \(expected)"
                    + (result == expected.reversed() ? ": that is the A–Z order" : "")))
    }

    @Test("sorting Z–A keeps lists with the same name in the order they had, as A–Z does")
    func descendingKeepsTies() {
        var lists = ["Groceries", "Party", "Groceries", "apple", "Groceries"].enumerated().map { index, name in
            Checklist(name: name, items: [ChecklistItem("#\(index)")])
        }
        sortChecklists(&lists, ascending: false)
        let result = lists.map { "\($0.name) \($0.items.first?.text ?? "")" }
        let expected = ["Party #1", "Groceries #0", "Groceries #2", "Groceries #4", "apple #3"]
        let groceries = result.filter { $0.hasPrefix("Groceries ") }
        let tiesMoved = groceries.count == 3 && groceries != ["Groceries #0", "Groceries #2", "Groceries #4"]
        #expect(result == expected,
                Comment(rawValue: "sorted Z–A to \(result); expected \(expected)"
                    + (tiesMoved ? ": the three Groceries lists came out as \(groceries), not in the order they had" : "")))
    }
}
