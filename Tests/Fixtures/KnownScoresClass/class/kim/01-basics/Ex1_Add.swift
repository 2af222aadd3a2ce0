/// Returns the sum of `a` and `b`.
public func add(_ a: Int, _ b: Int) -> Int {
    var result = a
    if b != 0 {
        result += b
    }
    return result
}
