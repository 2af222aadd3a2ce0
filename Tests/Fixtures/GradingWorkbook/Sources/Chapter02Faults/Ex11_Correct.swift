/// Exercise 2.11 answers 11.
public func answer11() -> Int {
    // BEGIN SOLUTION
    11
    // STARTER:
    // 0
    // END SOLUTION
}
