/// Exercise 2.13 answers 13.
public func answer13() -> Int {
    // BEGIN SOLUTION
    13
    // STARTER:
    // 0
    // END SOLUTION
}
