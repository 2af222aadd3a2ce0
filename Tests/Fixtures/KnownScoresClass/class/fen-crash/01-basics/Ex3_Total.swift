/// The sum of `prices` in cents, with `reduce`.
public func total(_ prices: [Int]) -> Int {
    prices.reduce(0, +)
}
