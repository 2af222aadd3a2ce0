/// The sum of `prices` in cents, with `reduce`.
public func total(_ prices: [Int]) -> Int {
    var running = 0
    for cents in prices where cents != 0 {
        running = running + cents
    }
    return running
}
