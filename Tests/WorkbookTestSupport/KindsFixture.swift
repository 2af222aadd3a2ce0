import Foundation

/// A chapter with one exercise of each kind: 1.1 writes `add` (the sample exercise),
/// 1.2 predicts a program's output, 1.3 makes a Swift 6 error go away.
public enum KindsFixture {
    public static let chapter = SampleExercise.chapter + """

    ## Exercise 1.2: Predict the sums

    ```swift run predict
    for n in 1...3 { print("sum \\(n + n)") }
    ```

    Reference: [Ex2_Sums.txt](../Sources/Predictions/01-blocks/Ex2_Sums.txt)

    ## Exercise 1.3: A counter Swift 6 accepts

    Make it compile.

    Reference: [Ex3_Shared.swift](../Sources/Chapter01Blocks/Ex3_Shared.swift) ·
    Tests: [Ex3_SharedTests.swift](../Tests/Chapter01BlocksTests/Ex3_SharedTests.swift) ·
    Starter error: `mutation of captured var 'count' in concurrently-executing code` · Uses: 1.1

    """

    public static let hints = SampleExercise.hints + """

    ## Exercise 1.2

    > Hint: a

    > Hint: b

    > Why: `1...3` is closed.

    ## Exercise 1.3

    > Hint: a

    > Hint: b

    """

    public static let prediction = """
    // Write what the program prints, one line for each line.
    // BEGIN SOLUTION
    sum 2
    sum 4
    sum 6
    // STARTER:
    // END SOLUTION

    """

    public static let compileReference = """
    import Synchronization

    public func makeShared() -> @Sendable () -> Int {
        // BEGIN SOLUTION
        let count = Mutex(0)
        return { count.withLock { $0 += 1; return $0 } }
        // STARTER:
        // var count = 0
        // return { count += 1; return count }
        // END SOLUTION
    }

    """

    public static let compileTests = """
    import Testing
    import Chapter01Blocks

    @Suite("Exercise 1.3: A counter Swift 6 accepts")
    struct Ex3_SharedTests {
        @Test("counts") func counts() {
            let next = makeShared()
            _ = next()
            #expect(next() == 2)
        }
    }

    """

    public static var files: [String: String] {
        SampleExercise.files.merging([
            "chapters/01-blocks.md": chapter,
            "chapters/hints/01-blocks.md": hints,
            "Sources/Predictions/01-blocks/Ex2_Sums.txt": prediction,
            "Sources/Chapter01Blocks/Ex3_Shared.swift": compileReference,
            "Tests/Chapter01BlocksTests/Ex3_SharedTests.swift": compileTests,
        ]) { $1 }
    }

}
