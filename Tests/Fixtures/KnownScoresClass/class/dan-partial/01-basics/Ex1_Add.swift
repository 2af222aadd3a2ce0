/// Returns the sum of `a` and `b`.
public func add(_ a: Int, _ b: Int) -> Int {
    print("adding \(a) and \(b)")
    return abs(a) + abs(b)
}
