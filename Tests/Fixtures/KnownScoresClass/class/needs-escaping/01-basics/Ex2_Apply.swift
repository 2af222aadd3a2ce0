/// Calls `transform` on `value` twice: `applyTwice({ $0 + 1 }, to: 1)` is 3.
public func applyTwice(_ transform: (Int) -> Int, to value: Int) -> Int {
    fatalError("Exercise not written yet")
}
