import Foundation

/// Sorts `lists` in place by name the way people read names: case does not matter
/// ("apple" before "Banana") and digits count as numbers ("Item 2" before "item 10").
public func sortChecklists(_ lists: inout [Checklist]) {
    // BEGIN SOLUTION
    // `<` compares Unicode scalars (canonical form): every ASCII capital precedes every ASCII lower-case letter
    // and "10" before "2". localizedStandardCompare is what Finder uses for file names.
    lists.sort { first, second in
        first.name.localizedStandardCompare(second.name) == .orderedAscending
    }
    // STARTER:
    // // call lists.sort(by:) with a closure that compares the two lists' names
    // END SOLUTION
}
