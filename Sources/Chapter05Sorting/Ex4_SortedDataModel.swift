import Foundation

/// The app's checklists, always sorted by the model's ordering.
///
/// * `load` replaces every list (as reading the saved file does) and sorts them: the
///   file may be in any order, so a full sort is the right tool.
/// * `add` and `rename` change one list: find its place with a binary search and insert
///   it there. The rest of the array is sorted already; sorting it again is wasted work.
/// * `remove` needs no sorting at all: taking one element out of a sorted array leaves
///   it sorted.
public struct DataModel {
    /// `true` when the first list belongs before the second.
    public typealias Ordering = (Checklist, Checklist) -> Bool

    /// The lists, in order. Only the model's methods change them, so it stays sorted.
    public private(set) var lists: [Checklist] = []

    private let areInIncreasingOrder: Ordering

    /// A model that keeps its lists in `areInIncreasingOrder` (by name, by default).
    public init(by areInIncreasingOrder: @escaping Ordering = DataModel.byName) {
        self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// The default ordering: by name, as people read names ("apple" before "Banana",
    /// "Item 2" before "item 10"): the comparison Exercise 5.3 sorts with.
    public static func byName(_ first: Checklist, _ second: Checklist) -> Bool {
        // BEGIN SOLUTION
        first.name.localizedStandardCompare(second.name) == .orderedAscending
        // STARTER:
        // first.name < second.name  // the order a program reads; is it the one people read?
        // END SOLUTION
    }

    /// Replaces all the lists with `lists`, sorted.
    public mutating func load(_ lists: [Checklist]) {
        // BEGIN SOLUTION
        // Loaded data comes in whatever order it was saved in: sort it once, here.
        self.lists = lists.sorted(by: areInIncreasingOrder)
        // STARTER:
        // self.lists = lists  // the saved file may be in any order
        // END SOLUTION
    }

    /// Where `list` belongs in `lists`: the index after every list that does not come
    /// after it. A new list with the same name as existing ones goes after them.
    /// Uses a binary search: about log₂(n) comparisons.
    public func insertionIndex(for list: Checklist) -> Int {
        // BEGIN SOLUTION
        // Invariant: everything before `low` belongs before `list` (or ties with it),
        // everything from `high` on belongs after it. Halve the gap until it closes.
        var low = 0
        var high = lists.count
        while low < high {
            let middle = low + (high - low) / 2
            if areInIncreasingOrder(list, lists[middle]) {
                high = middle  // `list` goes before lists[middle]
            } else {
                low = middle + 1  // lists[middle] goes before `list`, or ties with it
            }
        }
        return low
        // STARTER:
        // lists.count  // the end is right only for a list that comes after all the others
        // END SOLUTION
    }

    /// Adds `list` where it belongs and returns the index it was inserted at.
    @discardableResult
    public mutating func add(_ list: Checklist) -> Int {
        // BEGIN SOLUTION
        let index = insertionIndex(for: list)
        lists.insert(list, at: index)
        return index
        // STARTER:
        // lists.append(list)  // appended at the end: is the array still sorted?
        // return lists.count - 1
        // END SOLUTION
    }

    /// Renames the list at `index` and moves it to where its new name belongs.
    /// Returns its new index.
    @discardableResult
    public mutating func rename(at index: Int, to name: String) -> Int {
        // BEGIN SOLUTION
        // Take it out (the rest stays sorted), change it, and put it back in its place.
        var list = lists.remove(at: index)
        list.name = name
        return add(list)
        // STARTER:
        // lists[index].name = name  // the name changed; has its place changed too?
        // return index
        // END SOLUTION
    }

    /// Removes and returns the list at `index`.
    @discardableResult
    public mutating func remove(at index: Int) -> Checklist {
        // BEGIN SOLUTION
        // No sorting: removing one element from a sorted array leaves it sorted.
        lists.remove(at: index)
        // STARTER:
        // lists[index]  // remove it from `lists` first — and does anything need sorting after?
        // END SOLUTION
    }
}
