/// Calls `transform` on `value` twice: `applyTwice({ $0 + 1 }, to: 1)` is 3.
public func applyTwice(_ transform: (Int) -> Int, to value: Int) -> Int {
    var results = [value]
    results.append(transform(results[0]))
    return transform(results[2])
}
