/// Four times `x`, with exercise 1.1's `double`.
public func quadruple(_ x: Int) -> Int {
    // BEGIN SOLUTION
    // Built on `double`: a function reused, not a formula repeated.
    double(double(x))
    // STARTER:
    // 0  // replace with double, twice
    // END SOLUTION
}
