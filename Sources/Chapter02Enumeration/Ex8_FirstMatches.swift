// Exercise 2.8 (stretch): The first n matches, and not one element more
//
// "Find the first three items under $3" needs to look at the menu only until the
// third one turns up. Write `firstMatches(_:where:)` on `Sequence`: it returns
// the first `count` elements that satisfy `predicate`, in order, and it stops
// pulling elements from the sequence — and calling `predicate` — the moment it
// has `count` of them. With `count == 0` it looks at nothing at all, and a negative
// `count` is taken as 0: it returns `[]` without looking at anything.

extension Sequence {
    /// Up to `count` elements that satisfy `predicate`, in sequence order, found by
    /// looking at as few elements as possible.
    public func firstMatches(
        _ count: Int, where predicate: (Element) throws -> Bool
    ) rethrows -> [Element] {
        // BEGIN SOLUTION
        // Asking for nothing (or a negative count) costs nothing: return before making an iterator.
        guard count > 0 else { return [] }
        var found: [Element] = []
        for element in self where try predicate(element) {
            found.append(element)
            // Check right after a match: checking at the top of the loop would
            // pull (and test) one element too many.
            if found.count == count { break }
        }
        return found
        // STARTER:
        // Array(try filter(predicate).prefix(count))  // right answer, but it tests every element
        // END SOLUTION
    }
}
