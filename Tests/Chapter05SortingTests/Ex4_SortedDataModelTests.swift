import Foundation
import Testing
import Chapter05Sorting

/// Counts the comparisons a data model makes, so the tests can tell a binary search
/// from a scan or a full sort.
final class ComparisonCounter {
    var count = 0

    /// The default ordering, counting every call.
    func ordering() -> DataModel.Ordering {
        { first, second in
            self.count += 1
            return DataModel.byName(first, second)
        }
    }
}

@Suite("Exercise 5.4: A data model that stays sorted")
struct Ex4_SortedDataModelTests {
    /// "List 0001" … : names whose order is easy to predict.
    static func numberedLists(_ count: Int) -> [Checklist] {
        (1...count).map { Checklist(name: "List \($0)") }
    }

    @Test("sorts what it loads")
    func loadSorts() {
        var model = DataModel()
        model.load([Checklist(name: "to-do"), Checklist(name: "Birthday"), Checklist(name: "item 10"), Checklist(name: "Item 2")])
        let names = model.lists.map(\.name)
        #expect(
            names == ["Birthday", "Item 2", "item 10", "to-do"],
            "after loading, the lists were \(names); a saved file can be in any order, so load must sort")
    }

    @Test("orders by name as people read names unless told otherwise")
    func defaultOrderIsByName() {
        var model = DataModel()
        model.load([Checklist(name: "item 10"), Checklist(name: "Banana"), Checklist(name: "Item 2"), Checklist(name: "apple")])
        let names = model.lists.map(\.name)
        #expect(
            names == ["apple", "Banana", "Item 2", "item 10"],
            "with the default ordering the lists were \(names); people read \"apple\" before \"Banana\" and \"Item 2\" before \"item 10\", as in Exercise 5.3")
        #expect(DataModel.byName(Checklist(name: "Item 2"), Checklist(name: "item 10")), "byName(\"Item 2\", \"item 10\") is false; expected true")
        #expect(!DataModel.byName(Checklist(name: "Eggs"), Checklist(name: "Eggs")), "byName(\"Eggs\", \"Eggs\") is true; two equal names are not in increasing order")
    }

    @Test(
        "inserts each new list where it belongs and returns that index",
        arguments: [
            ("Aardvarks", 0),  // before everything
            ("List 3b", 3),  // in the middle
            ("Zoo trip", 5),  // after everything
        ])
    func addInPlace(name: String, expectedIndex: Int) {
        var model = DataModel()
        model.load(Self.numberedLists(5))
        let index = model.add(Checklist(name: name))
        #expect(index == expectedIndex, "adding \"\(name)\" returned index \(index); expected \(expectedIndex)")
        // Named apart: as one expression inside #expect, this took the type checker 750 ms.
        let names = model.lists.map(\.name)
        let sortedNames = names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        #expect(names == sortedNames, "after adding \"\(name)\" the lists were \(names), no longer sorted")
        #expect(model.lists.indices.contains(index) && model.lists[index].name == name, "lists[\(index)] is not the list just added")
    }

    @Test("adds to an empty model at index 0")
    func addToEmpty() {
        var model = DataModel()
        #expect(model.insertionIndex(for: Checklist(name: "First")) == 0, "the only place in an empty model is index 0")
        #expect(model.add(Checklist(name: "First")) == 0, "the first list added must land at index 0")
        #expect(model.lists.map(\.name) == ["First"])
    }

    @Test("puts a list with a name already used after the lists that have it")
    func addAfterEqualNames() {
        var model = DataModel()
        model.load([Checklist(name: "Groceries", items: [ChecklistItem("old")]), Checklist(name: "Party")])
        let index = model.add(Checklist(name: "Groceries", items: [ChecklistItem("new")]))
        #expect(
            index == 1,
            "the second \"Groceries\" went to index \(index); expected 1, after the first one (search for the first list that comes strictly after it)")
        #expect(model.lists.map { $0.items.first?.text ?? "" } == ["old", "new", ""], "the two Groceries lists are in the wrong order")
    }

    @Test("finds the place with a binary search, not by scanning or re-sorting")
    func binarySearch() {
        let counter = ComparisonCounter()
        var model = DataModel(by: counter.ordering())
        model.load(Self.numberedLists(1024))
        for name in ["List 0", "List 500b", "List 2000"] {
            counter.count = 0
            model.add(Checklist(name: name))
            #expect(
                (1...11).contains(counter.count),
                """
                adding "\(name)" to \(model.lists.count - 1) lists made \(counter.count) comparisons; \
                a binary search needs at most 11. Scanning or re-sorting the whole array costs \
                hundreds or thousands
                """)
        }
        #expect(model.lists.first?.name == "List 0" && model.lists.last?.name == "List 2000", "the added lists are not at the ends")
    }

    @Test("moves a renamed list to its new place and returns its new index")
    func renameMoves() {
        let counter = ComparisonCounter()
        var model = DataModel(by: counter.ordering())
        model.load([
            Checklist(name: "Apples", items: [ChecklistItem("Granny Smith")]),
            Checklist(name: "Bread"),
            Checklist(name: "Cheese"),
        ])
        counter.count = 0
        let index = model.rename(at: 0, to: "Zucchini")
        #expect(index == 2, "the list renamed to \"Zucchini\" is at index \(index); expected 2, the end")
        #expect(model.lists.map(\.name) == ["Bread", "Cheese", "Zucchini"], "after renaming, the lists were \(model.lists.map(\.name))")
        #expect(model.lists.last?.items.map(\.text) == ["Granny Smith"], "the renamed list lost its items")
        #expect(counter.count <= 3, "renaming one of three lists made \(counter.count) comparisons; take it out and insert it with the binary search")
    }

    @Test("moves a renamed list with a binary search, not by re-sorting")
    func renameWithBinarySearch() {
        let counter = ComparisonCounter()
        var model = DataModel(by: counter.ordering())
        model.load(Self.numberedLists(1024))
        counter.count = 0
        let index = model.rename(at: 500, to: "List 0")
        #expect(index == 0, "the list renamed to \"List 0\" is at index \(index); expected 0, before \"List 1\"")
        #expect(model.lists.count == 1024 && model.lists[1].name == "List 1" && model.lists[501].name == "List 502",
                "after renaming, the lists were out of place: \(model.lists.prefix(3).map(\.name)) … \(model.lists[500...502].map(\.name))")
        #expect((1...11).contains(counter.count),
                "renaming one of 1024 lists made \(counter.count) comparisons; taking it out and inserting it with the binary search needs at most 11; re-sorting the whole array costs hundreds or more")
    }

    @Test("keeps a list in place when its new name sorts the same")
    func renameInPlace() {
        var model = DataModel()
        model.load([Checklist(name: "Apples"), Checklist(name: "Bread"), Checklist(name: "Cheese")])
        let index = model.rename(at: 1, to: "Butter")
        #expect(index == 1, "\"Butter\" still belongs between Apples and Cheese, but went to index \(index)")
        #expect(model.lists.map(\.name) == ["Apples", "Butter", "Cheese"])
    }

    @Test("removes without comparing anything: deleting cannot unsort a sorted array")
    func removeWithoutSorting() {
        let counter = ComparisonCounter()
        var model = DataModel(by: counter.ordering())
        model.load(Self.numberedLists(6))
        counter.count = 0
        let removed = model.remove(at: 2)
        #expect(removed.name == "List 3", "remove(at: 2) returned \(removed.name); expected the list that was at index 2, \"List 3\"")
        #expect(model.lists.map(\.name) == ["List 1", "List 2", "List 4", "List 5", "List 6"], "after removing, the lists were \(model.lists.map(\.name))")
        #expect(counter.count == 0, "removing a list made \(counter.count) comparisons; a sorted array stays sorted when an element is removed, so no sorting is needed")
    }
}
