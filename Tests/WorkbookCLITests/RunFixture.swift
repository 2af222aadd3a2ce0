import Foundation
import Synchronization
import Testing
import WorkbookCLI
import WorkbookTestSupport

/// A small workbook in a temporary folder for the `workbook run` tests: chapter 1 passes,
/// chapter 2 has a changed output and a snippet that does not compile. One copy is shared,
/// so its modules and snippets are compiled once.
enum RunFixture {
    static let files: [String: String] = [
        "Package.swift": "// swift-tools-version:6.0\n// A fixture: only its presence marks the workbook root.\n",
        "Sources/Diner/Dish.swift": "public struct Dish: Sendable {\n    public var name: String\n    public init(name: String) { self.name = name }\n}\n",
        "Sources/Stage/Stage.swift": "import Diner\npublic let stageDish = Dish(name: \"Fries\")\n",
        "Sources/Chapter01Demo/Adding.swift": "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n",
        "chapters/01-demo.md": """
            # Demo

            ```swift run
            print("hello")
            ```

            ```output
            hello
            ```

            ```swift run
            # import Chapter01Demo
            print(add(2, 2))
            ```

            ```output
            4
            ```

            """,
        "chapters/02-changed.md": """
            # Changed

            ```swift run
            print("Burger x2")
            ```

            ```output
            Burger x3
            ```

            ```swift run
            let count: Int = "two"
            ```

            ```output
            ```

            """,
        "play/scratch.swift": "import Chapter01Demo\nimport Stage\nprint(add(20, 22), stageDish.name)\n",
    ]

    // A folder that cannot be written makes every test that uses it fail, and say why.
    static let root: URL = (try? TemporaryWorkbook(files).root)
        ?? URL(fileURLWithPath: "/nonexistent/run-fixture-could-not-be-written")

    /// What a command printed, and its exit code.
    struct Outcome: Sendable {
        var status: Int32
        var out: String
        var err: String
    }

    /// Runs `workbook <arguments>` in the fixture (or in `directory` below it) with a captured console.
    static func run(_ arguments: [String], in directory: String = "") async throws -> Outcome {
        // Compiling blocks for seconds: not on the test pool.
        try await onOwnThread { runBlocking(arguments, in: directory) }
    }

    private static func runBlocking(_ arguments: [String], in directory: String) -> Outcome {
        let out = Mutex(""), err = Mutex("")
        let console = Console(out: { text in out.withLock { $0 += text } }, error: { text in err.withLock { $0 += text } })
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBOOK_ROOT"] = nil
        let status = WorkbookCLI.run(
            arguments, environment: environment,
            currentDirectory: directory.isEmpty ? root : root.appendingPathComponent(directory), console: console)
        return Outcome(status: status, out: out.withLock { $0 }, err: err.withLock { $0 })
    }
}
