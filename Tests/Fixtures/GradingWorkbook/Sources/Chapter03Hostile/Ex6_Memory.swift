/// Exercise 3.6 answers 6.
public func answer6() -> Int {
    // BEGIN SOLUTION
    6
    // STARTER:
    // 0
    // END SOLUTION
}
