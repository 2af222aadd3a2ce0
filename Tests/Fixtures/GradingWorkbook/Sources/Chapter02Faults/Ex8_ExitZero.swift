/// Exercise 2.8 answers 8.
public func answer8() -> Int {
    // BEGIN SOLUTION
    8
    // STARTER:
    // 0
    // END SOLUTION
}
