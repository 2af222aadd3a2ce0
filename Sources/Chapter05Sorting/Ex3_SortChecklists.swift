import Foundation

/// Sorts `lists` in place by name the way people read names: case does not matter
/// ("apple" before "Banana") and digits count as numbers ("Item 2" before "item 10").
/// A–Z when `ascending`, Z–A otherwise; either way, lists whose names compare the same
/// keep the order they had.
public func sortChecklists(_ lists: inout [Checklist], ascending: Bool = true) {
    // BEGIN SOLUTION
    // `<` compares Unicode scalars (canonical form): every ASCII capital precedes every
    // ASCII lower-case letter, and "10" comes before "2". localizedStandardCompare is what
    // Finder uses for file names.
    // Z–A asks for the other answer of the comparison, not for the negation of the A–Z
    // test: `!(a before b)` is true for two equal names too, and a comparator that says
    // "before" both ways round is no ordering at all (the sort may then move ties).
    let wanted: ComparisonResult = ascending ? .orderedAscending : .orderedDescending
    lists.sort { first, second in
        first.name.localizedStandardCompare(second.name) == wanted
    }
    // STARTER:
    // // call lists.sort(by:) with a closure that compares the two lists' names
    // END SOLUTION
}
