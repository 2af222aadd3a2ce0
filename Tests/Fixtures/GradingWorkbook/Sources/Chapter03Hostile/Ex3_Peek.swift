/// Exercise 3.3 answers 3.
public func answer3() -> Int {
    // BEGIN SOLUTION
    3
    // STARTER:
    // 0
    // END SOLUTION
}
