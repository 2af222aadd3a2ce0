/// Exercise 2.12 answers 12.
public func answer12() -> Int {
    // BEGIN SOLUTION
    12
    // STARTER:
    // 0
    // END SOLUTION
}
