/// The sum of `prices` in cents, with `reduce`.
public func total(_ prices: [Int]) -> Int {
    var sum = 0
    for price in prices where price != 0 {
        sum = sum + price
    }
    return sum
}
