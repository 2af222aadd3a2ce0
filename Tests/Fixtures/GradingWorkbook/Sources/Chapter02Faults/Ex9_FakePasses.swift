/// Exercise 2.9 answers 9.
public func answer9() -> Int {
    // BEGIN SOLUTION
    9
    // STARTER:
    // 0
    // END SOLUTION
}
