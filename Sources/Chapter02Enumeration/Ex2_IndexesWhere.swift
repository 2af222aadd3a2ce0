// Exercise 2.2: `indexes(where:)`, the Swift `indexesOfObjectsPassingTest:`
//
// Objective-C's `indexesOfObjectsPassingTest:` runs a test block on every element
// and returns an `NSIndexSet` of the indices that passed. Write the Swift version
// on any collection indexed by `Int`: it returns an `IndexSet` holding *every*
// index whose element passes `predicate` — the collection's own indices, which
// for an `ArraySlice` do not start at 0.

import Foundation

extension Collection where Index == Int {
    /// The indices of all elements that satisfy `predicate`, as an `IndexSet`.
    public func indexes(where predicate: (Element) throws -> Bool) rethrows -> IndexSet {
        // BEGIN SOLUTION
        var result = IndexSet()
        // Walk `indices`, not `enumerated()`: offsets count from 0, but a slice's
        // indices start wherever the slice starts.
        for index in indices where try predicate(self[index]) {
            result.insert(index)
        }
        return result
        // STARTER:
        // IndexSet()  // replace with the indices of the passing elements
        // END SOLUTION
    }
}
