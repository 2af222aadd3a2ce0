// Exercise 2.1: Enumerate with a stop flag
//
// `enumerateObjectsUsingBlock:` hands its block the object, its index and a
// `BOOL *stop`; setting `*stop = YES` ends the loop. Give every Swift `Sequence`
// the same power: `enumerate(_:)` calls `body` with each element, its position
// (0, 1, 2, …) and an `inout Bool` stop flag. Once `body` sets the flag, no
// further element is visited — nor even taken from the sequence.

extension Sequence {
    /// Calls `body` with each element, its position, and a stop flag. Setting the
    /// flag to `true` ends the enumeration after the current element.
    ///
    /// - Returns: `true` when `body` stopped the enumeration early.
    @discardableResult
    public func enumerate(
        _ body: (_ element: Element, _ index: Int, _ stop: inout Bool) throws -> Void
    ) rethrows -> Bool {
        // BEGIN SOLUTION
        var stop = false
        // `enumerated()` pulls elements one at a time, so returning right after the
        // block asks to stop leaves the rest of the sequence untouched (and, for a
        // lazy or generated sequence, never computed).
        for (index, element) in enumerated() {
            try body(element, index, &stop)
            if stop { return true }
        }
        return false
        // STARTER:
        // return false  // visit each element with its position and a stop flag `body` may set
        // END SOLUTION
    }
}
