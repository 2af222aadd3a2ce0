import Testing
import Chapter05Sorting

@Suite("Exercise 5.2: Count what is left with `reduce`")
struct Ex2_CountUncheckedTests {
    /// A list whose items are ticked off as `checks` says.
    static func list(_ name: String, _ checks: [Bool]) -> Checklist {
        Checklist(
            name: name,
            items: checks.enumerated().map { ChecklistItem("task \($0.offset + 1)", checked: $0.element) })
    }

    @Test(
        "counts the items not ticked off",
        arguments: [
            ([], 0),  // an empty list has nothing left to do
            ([true, true, true], 0),
            ([false, false, false], 3),
            ([true, false, true, false, false], 3),
        ] as [([Bool], Int)])
    func countsUnchecked(checks: [Bool], expected: Int) {
        let counted = Self.list("Chores", checks).countUncheckedItems()
        #expect(
            counted == expected,
            "a list ticked off as \(checks) counted \(counted) unchecked items; expected \(expected)")
    }

    @Test("counts the unchecked items, not the checked ones")
    func notTheCheckedOnes() {
        let groceries = Self.list("Groceries", [true, true, true, false])
        let counted = groceries.countUncheckedItems()
        #expect(
            counted == 1,
            "one of four groceries is still to buy, but the count was \(counted)\(counted == 3 ? " — that is the number of checked items; add 1 when an item is *not* checked" : "")")
    }

    @Test("adds up the unchecked items of every list")
    func totalOverLists() {
        let lists = [
            Self.list("Groceries", [false, true]),
            Self.list("Party", []),
            Self.list("Garden", [false, false, true]),
        ]
        let total = countUncheckedItems(in: lists)
        #expect(total == 3, "the three lists have 1 + 0 + 2 items left to do, but the total was \(total)")
        #expect(countUncheckedItems(in: []) == 0, "no lists at all must leave nothing to do")
    }

    @Test("names the lists with work left, in their original order")
    func listsWithWorkLeft() {
        let lists = [
            Self.list("Zoo trip", [false]),
            Self.list("Done already", [true, true]),
            Self.list("Empty", []),
            Self.list("Birthday", [true, false]),
        ]
        let names = namesOfListsWithWorkLeft(lists)
        #expect(
            names == ["Zoo trip", "Birthday"],
            "got \(names); expected [\"Zoo trip\", \"Birthday\"] — drop the finished and the empty lists, keep the order")
    }
}
