import Foundation
import WorkbookRunning
import WorkbookModel

/// A small workbook written into a temporary folder: two chapters with prose, a raw
/// `<script>` and a `javascript:` link, snippets (plain, hidden line, crash, figure), and
/// one exercise with a reference file and a tests file whose lines are easy to spot.
public enum RenderFixture {
    /// A line of the reference solution that must never reach a student.
    public static let solutionLine = "return lhs &+ rhs  // the secret sum"
    /// A line of the tests that must never reach a student.
    public static let testLine = "#expect(add(40, 2) == 42, \"the secret assertion\")"
    /// The starter's replacement for the solution.
    public static let starterLine = "return 0  // replace with the sum"

    /// Chapter 1's hints, in their own file.

    public static let hintsOne = """

    # Hints


    ## Exercise 1.1


    > Hint: a closure that takes two `Int`s has the type `(Int, Int) -> Int`.


    > Hint: add the two numbers.

    """


    public static let chapterOne = """
    # Blocks and closures

    Intro with a [link to chapter two](02-pictures.md) and a [safe link](https://example.com/closures).

    <script>alert("raw html")</script>

    A [sneaky link](javascript:alert(1)) and <span onclick="alert(2)">inline html</span>.

    ```objc
    int (^add)(int, int) = ^(int a, int b) { return a + b; };
    ```

    ```swift run
    # let hiddenSetup = 40
    let add: (Int, Int) -> Int = { $0 + $1 }
    print(add(hiddenSetup, 2))
    ```

    ```output
    42
    ```

    ```swift run crash
    let empty: [Int] = []
    print("about to fail")
    print(empty[0])
    ```

    ```output
    about to fail
    ```

    ```swift run
    print("expected words")
    ```

    ```output
    expected words
    ```

    ## Exercise 1.1: Write `add`

    Write `add` so that `add(2, 2)` is `4`.

    Reference: [Ex1_Add.swift](../Sources/Chapter01Blocks/Ex1_Add.swift) ·
    Tests: [Ex1_AddTests.swift](../Tests/Chapter01BlocksTests/Ex1_AddTests.swift)

    ## After the exercise

    Back to prose.

    """

    public static let chapterTwo = """
    # Pictures

    ```swift run figure
    # import Stage
    print(svg)
    ```

    ```swift run figure
    print("not drawn yet")
    ```

    """

    public static let reference = """
    /// Adds two numbers.
    public func add(_ lhs: Int, _ rhs: Int) -> Int {
        // BEGIN SOLUTION
        \(solutionLine)
        // STARTER:
        // \(starterLine)
        // END SOLUTION
    }

    """

    public static let tests = """
    import Testing
    import Chapter01Blocks

    @Suite("Exercise 1.1: Write add")
    struct Ex1_AddTests {
        @Test("adds") func adds() {
            \(testLine)
        }
    }

    """

    public static let figureSVG = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><title>Two boxes &amp; a line</title><rect x="1" y="1" width="10" height="10" style="fill:none;stroke:#000"/></svg>"#

    /// Writes the fixture and returns its root; `reference` replaces the reference file.
    public static func make(reference: String = reference) throws -> URL {
        try TemporaryWorkbook([
            "chapters/01-blocks.md": chapterOne,
            "chapters/hints/01-blocks.md": hintsOne,
            "chapters/02-pictures.md": chapterTwo,
            "Sources/Chapter01Blocks/Ex1_Add.swift": reference,
            "Tests/Chapter01BlocksTests/Ex1_AddTests.swift": tests,
        ]).root
    }
}

/// Snippet results given by the test, as the snippet runner would report them.
public struct FakeResults: SnippetResultProvider {
    public var results: [SnippetResult]

    public init(results: [SnippetResult]) {
        self.results = results
    }

    public func results(for chapter: Chapter) throws -> [SnippetResult] {
        results.filter { $0.chapterPath == chapter.path }
    }
}

/// A provider that fails, like a runner whose cache is unreadable.
public struct FailingResults: SnippetResultProvider {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the cache is unreadable" }
    }

    public init() {}

    public func results(for chapter: Chapter) throws -> [SnippetResult] { throw Broken() }
}
