/// Exercise 3.4 answers 4.
public func answer4() -> Int {
    // BEGIN SOLUTION
    4
    // STARTER:
    // 0
    // END SOLUTION
}
