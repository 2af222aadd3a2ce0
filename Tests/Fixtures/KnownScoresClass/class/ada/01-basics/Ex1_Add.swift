/// Returns the sum of `a` and `b`.
public func add(_ a: Int, _ b: Int) -> Int {
    a + b
}
