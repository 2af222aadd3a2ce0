/// Exercise 3.2 answers 2.
public func answer2() -> Int {
    // BEGIN SOLUTION
    2
    // STARTER:
    // 0
    // END SOLUTION
}
