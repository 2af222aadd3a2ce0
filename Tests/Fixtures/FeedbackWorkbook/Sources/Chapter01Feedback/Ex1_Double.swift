/// Twice `x`.
public func double(_ x: Int) -> Int {
    // BEGIN SOLUTION
    x * 2
    // STARTER:
    // 0  // replace with twice x
    // END SOLUTION
}
