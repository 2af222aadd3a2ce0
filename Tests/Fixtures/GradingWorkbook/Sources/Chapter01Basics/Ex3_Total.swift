/// The sum of `prices` in cents, with `reduce`.
public func total(_ prices: [Int]) -> Int {
    // BEGIN SOLUTION
    prices.reduce(0, +)
    // STARTER:
    // prices.first ?? 0
    // END SOLUTION
}
