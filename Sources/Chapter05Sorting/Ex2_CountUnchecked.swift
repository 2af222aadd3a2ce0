extension Checklist {
    /// How many items on this list are not ticked off yet.
    public func countUncheckedItems() -> Int {
        // BEGIN SOLUTION
        // reduce folds the items into one value: start at 0 and add 1 for every
        // item still to do. No `var`, nothing to forget to reset. (Outside this
        // exercise, which practises reduce, `items.count { !$0.checked }` —
        // count(where:), SE-0220, Swift 6 — says the same in fewer words.)
        items.reduce(0) { count, item in count + (item.checked ? 0 : 1) }
        // STARTER:
        // 0  // fold the items into a count with items.reduce(0) { count, item in … }
        // END SOLUTION
    }
}

/// How many items are left to do on all the lists together.
public func countUncheckedItems(in lists: [Checklist]) -> Int {
    // BEGIN SOLUTION
    lists.reduce(0) { total, list in total + list.countUncheckedItems() }
    // STARTER:
    // 0  // reduce again: each list contributes its own countUncheckedItems()
    // END SOLUTION
}

/// The names of the lists that still have something to do, in their original order.
/// A list with no items has nothing to do.
public func namesOfListsWithWorkLeft(_ lists: [Checklist]) -> [String] {
    // BEGIN SOLUTION
    // filter keeps, map transforms; both keep the order they were given.
    lists
        .filter { $0.countUncheckedItems() > 0 }
        .map(\.name)
    // STARTER:
    // []  // filter the lists, then map each one to its name
    // END SOLUTION
}
