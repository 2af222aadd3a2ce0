/// Exercise 3.5 answers 5.
public func answer5() -> Int {
    // BEGIN SOLUTION
    5
    // STARTER:
    // 0
    // END SOLUTION
}
