import Foundation
import WorkbookModel

/// Test support shared by the engine's and the CLI's tests.

/// A workbook written into a fresh temporary folder for one test, removed with `remove()`.
public struct TemporaryWorkbook {
    public let root: URL

    /// Creates the folder with `Package.swift`, `chapters/` and the given files
    /// (paths relative to the root).
    public init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("chapters"), withIntermediateDirectories: true)
        try write("Package.swift", "// swift-tools-version:6.0\n")
        for (path, text) in files { try write(path, text) }
        try SeededModules.shareToolchainFacts(root)
        try SeededModules.shareTestObjects(root)
        try SeededModules.shareModules(root)
    }

    public func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    public func write(_ path: String, _ data: Data) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    public func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    public func load() throws -> Workbook { try Workbook(root: root) }

    public func remove() { try? FileManager.default.removeItem(at: root) }
}

/// A test's temporary folder, removed when the last value holding it is gone: for a
/// fixture whose folder outlives the function that made it (a rendered workbook that its
/// tests go on reading and writing). A test that reads the folder after its last use of
/// that value keeps the value alive (`withExtendedLifetime`).
public final class TemporaryFolder: Sendable {
    public let url: URL

    public init(_ url: URL) { self.url = url }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A complete, lint-clean exercise: chapter text, reference file and tests file.
public enum SampleExercise {
    public static let chapter = """
    # Blocks

    ```swift run
    print(2 + 2)
    ```

    ```output
    4
    ```

    ## Exercise 1.1: Add

    Write `add`.

    Reference: [Ex1_Add.swift](../Sources/Chapter01Blocks/Ex1_Add.swift) · Tests: [Ex1_AddTests.swift](../Tests/Chapter01BlocksTests/Ex1_AddTests.swift)

    """

    /// The exercise's hints, in the chapter's hints file.
    public static let hints = """
    # Hints: Blocks

    ## Exercise 1.1: Add

    > Hint: two `Int`s in, one out.

    > Hint: the `+` operator.

    """

    public static let reference = """
    /// Adds two numbers.
    public func add(_ a: Int, _ b: Int) -> Int {
        // BEGIN SOLUTION
        a + b
        // STARTER:
        // 0
        // END SOLUTION
    }

    """

    public static let tests = """
    import Testing
    import Chapter01Blocks

    @Suite("Exercise 1.1: Add")
    struct Ex1_AddTests {
        @Test("adds") func adds() { #expect(add(2, 2) == 4) }
    }

    """

    public static var files: [String: String] {
        [
            "chapters/01-blocks.md": chapter,
            "chapters/hints/01-blocks.md": hints,
            "Sources/Chapter01Blocks/Ex1_Add.swift": reference,
            "Tests/Chapter01BlocksTests/Ex1_AddTests.swift": tests,
        ]
    }
}
