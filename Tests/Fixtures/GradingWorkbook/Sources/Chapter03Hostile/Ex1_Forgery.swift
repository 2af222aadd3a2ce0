/// Exercise 3.1 answers 1.
public func answer1() -> Int {
    // BEGIN SOLUTION
    1
    // STARTER:
    // 0
    // END SOLUTION
}
