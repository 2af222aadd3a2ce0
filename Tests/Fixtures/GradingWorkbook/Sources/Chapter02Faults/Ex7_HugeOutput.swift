/// Exercise 2.7 answers 7.
public func answer7() -> Int {
    // BEGIN SOLUTION
    7
    // STARTER:
    // 0
    // END SOLUTION
}
