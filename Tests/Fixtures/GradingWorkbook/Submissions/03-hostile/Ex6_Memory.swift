/// Exercise 3.6: memory without end.
public func answer6() -> Int {
    var hoard: [[Int]] = []
    while hoard.count < 1 << 20 { hoard.append(Array(repeating: hoard.count, count: 1 << 20)) }
    return hoard.count
}
