/// Exercise 2.10 answers 10.
public func answer10() -> Int {
    // BEGIN SOLUTION
    10
    // STARTER:
    // 0
    // END SOLUTION
}
