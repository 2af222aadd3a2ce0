/// Returns the sum of `a` and `b`.
public func add(_ a: Int, _ b: Int) -> Int {
    // start from a
    var answer = a
    if b != 0 {
        answer += b
    }
    return answer
}
