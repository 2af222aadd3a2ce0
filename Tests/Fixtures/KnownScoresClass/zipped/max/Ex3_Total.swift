/// The sum of `prices` in cents, with `reduce`.
public func total(_ prices: [Int]) -> Int {
    prices.reduce(into: 0) { sum, price in sum += price }
}
